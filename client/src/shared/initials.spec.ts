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

  it('picks the text with the higher contrast, at least WCAG AA 4.5:1 on any colour', () => {
    const luminance = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    // The demo's staff colours, the job colours, and a sweep of greys and hues.
    const colours = ['#1C7ED6', '#F08C00', '#AE3EC9', '#2F9E44', '#E03131', '#0D1B41', '#777777', '#808080'];
    for (let v = 0; v < 256; v += 15) colours.push(`#${v.toString(16).padStart(2, '0').repeat(3)}`);
    for (const colour of colours) {
      const text = readableTextOn(colour) === '#000' ? 0 : 1;
      expect([colour, contrast(luminance(colour), text) >= 4.5]).toEqual([colour, true]);
    }
    // Blue (#1C7ED6) took white before: 4.0:1.
    expect(readableTextOn('#1C7ED6')).toBe('#000');
  });
});
