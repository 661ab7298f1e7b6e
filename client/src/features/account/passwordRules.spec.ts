import { describe, expect, it } from 'vitest';
import { confirmPasswordProblem, emailProblem, newPasswordProblem } from './passwordRules';

describe('password rules', () => {
  it('requires at least 8 characters', () => {
    expect(newPasswordProblem('')).toBe('Password is required');
    expect(newPasswordProblem('1234567')).toBe('Password must be at least 8 characters long');
    expect(newPasswordProblem('12345678')).toBeNull();
  });

  it('requires the confirmation to match', () => {
    expect(confirmPasswordProblem('', 'abcdefgh')).toBe('Confirm the new password');
    expect(confirmPasswordProblem('abcdefgx', 'abcdefgh')).toBe('Passwords do not match');
    expect(confirmPasswordProblem('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('checks e-mail presence and format', () => {
    expect(emailProblem(' ')).toBe('Email is required');
    expect(emailProblem('jane@')).toBe('Enter a valid email address');
    expect(emailProblem('jane@acme.test')).toBeNull();
  });

  it('refuses a very long e-mail at once, as the server does past 254 characters', () => {
    expect(emailProblem(`${'j'.repeat(245)}@acme.test`)).toBe('Enter a valid email address');
    // 'a@' and dots: the shape on which the earlier pattern backtracked (typing or pasting it froze the page).
    const started = performance.now();
    expect(emailProblem(`a@${'.'.repeat(50_000)}@`)).toBe('Enter a valid email address');
    expect(performance.now() - started).toBeLessThan(50);
  });
});
