import { describe, expect, it } from 'vitest';
import { initials, readableTextOn } from './initials';

describe('initials', () => {
  it('takes the first letters of first and last name', () => {
    expect(initials('jane', 'doe')).toBe('JD');
  });

  it('copes with one name or none', () => {
    expect(initials('Prince', '')).toBe('P');
    expect(initials('Mary Ann', null)).toBe('MA');
    expect(initials('', '')).toBe('?');
  });
});

describe('readableTextOn', () => {
  it('puts white on navy and black on yellow', () => {
    expect(readableTextOn('#0D1B41')).toBe('#fff');
    expect(readableTextOn('#FFE066')).toBe('#000');
  });
});
