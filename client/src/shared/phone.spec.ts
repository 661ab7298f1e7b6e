import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, phoneProblem } from './phone';

describe('formatPhone', () => {
  it('formats ten digits as (###) ###-####', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('formats while typing without dangling punctuation', () => {
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
  });

  it('lets Backspace remove a digit after punctuation', () => {
    // "(555) 1" minus its last character is "(555) ", which must not grow back
    expect(formatPhone('(555) ')).toBe('(555');
  });

  it('ignores letters and extra digits, and reformats pasted numbers', () => {
    expect(formatPhone('555-123-4567 ext 99')).toBe('(555) 123-4567');
    expect(formatPhone('+1 (555) 123 4567'.replace('+1 ', ''))).toBe('(555) 123-4567');
    expect(formatPhone('abc')).toBe('');
  });

  it('treats empty values as empty', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });
});

describe('phoneProblem', () => {
  it('accepts an empty or complete phone number', () => {
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('(555) 123-4567')).toBeNull();
  });

  it('refuses a partial number', () => {
    expect(phoneProblem('(555) 123')).toBe('Enter a 10-digit phone number');
  });

  it('counts digits only', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
  });
});
