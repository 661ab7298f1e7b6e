import { describe, expect, it } from 'vitest';
import {
  colourDistance,
  firstFreeColour,
  isDefaultColour,
  LEGEND_COLOURS,
  ownersOf,
  SWATCHES,
  swatchOf,
  takenColours,
  usedByLabel,
} from './colourPalette';

describe('the colour swatches', () => {
  it('offers about twelve colours that a glance tells apart', () => {
    expect(SWATCHES.length).toBe(12);
    for (const [i, a] of SWATCHES.entries())
      for (const b of SWATCHES.slice(i + 1)) expect(colourDistance(a.hex, b.hex)).toBeGreaterThanOrEqual(20);
    expect(new Set(SWATCHES.map((s) => s.name)).size).toBe(SWATCHES.length);
  });

  it("offers none of the legends' fixed colours, nor one that looks like them", () => {
    for (const swatch of SWATCHES)
      for (const fixed of LEGEND_COLOURS) expect(colourDistance(swatch.hex, fixed)).toBeGreaterThanOrEqual(20);
    expect(swatchOf('#0d1b41')).toBeUndefined();
    expect(swatchOf('#e2435b')).toBeUndefined();
    expect(swatchOf('#2f9e44')?.name).toBe('Green');
  });

  it('measures a colour as no distance from itself', () => {
    expect(colourDistance('#4263EB', '#4263eb')).toBe(0);
    expect(colourDistance('#000000', '#FFFFFF')).toBeCloseTo(100, 0);
  });
});

describe('colours already taken', () => {
  const person = (id: string, fullName: string, colorCode: string | null, active = true) => ({
    id,
    fullName,
    colorCode,
    active,
  });

  it("names the other active users of each colour, not the one being edited, and not the default's", () => {
    const taken = takenColours(
      [
        person('u1', 'Maria Lopez', '#2f9e44'),
        person('u2', 'Jamal Reed', '#2F9E44'),
        person('u3', 'Ana Ruiz', '#F76707'),
        person('u4', 'Old Hand', '#AE3EC9', false),
        person('u5', 'New Person', '#0D1B41'),
        person('u6', 'No Colour', null),
      ],
      'u3',
    );
    expect([...taken.entries()]).toEqual([['#2F9E44', ['Maria Lopez', 'Jamal Reed']]]);
  });

  it('counts a colour that looks the same as taken too, not one a glance tells apart', () => {
    const taken = new Map([
      ['#2F9E44', ['Maria Lopez']],
      ['#4264EA', ['Jamal Reed']],
      ['#F08C00', ['Sam Okafor']],
    ]);
    expect(ownersOf('#2F9E44', taken)).toEqual(['Maria Lopez']);
    expect(ownersOf('#4263EB', taken)).toEqual(['Jamal Reed']);
    expect(ownersOf('#F76707', taken)).toEqual([]);
  });

  it('says who uses a colour in a few words', () => {
    expect(usedByLabel(['Maria Lopez'])).toBe('Used by Maria Lopez');
    expect(usedByLabel(['Maria Lopez', 'Jamal Reed'])).toBe('Used by Maria Lopez and Jamal Reed');
    expect(usedByLabel(['Maria Lopez', 'Jamal Reed', 'Ana Ruiz'])).toBe('Used by Maria Lopez and 2 others');
  });

  it('counts the default navy, and no colour at all, as the default', () => {
    expect(isDefaultColour('#0d1b41')).toBe(true);
    expect(isDefaultColour(null)).toBe(true);
    expect(isDefaultColour('#2F9E44')).toBe(false);
  });
});

describe("a new person's colour", () => {
  const takenBy = (...codes: string[]) => new Map(codes.map((code, i) => [code, [`Person ${i + 1}`]]));

  it('is the first swatch nobody has, never the navy of Available for Requests', () => {
    expect(firstFreeColour(new Map())).toBe('#4263EB');
    expect(firstFreeColour(takenBy('#4263EB', '#1098AD'))).toBe('#2F9E44');
    expect(LEGEND_COLOURS).not.toContain(firstFreeColour(new Map()));
  });

  it('skips a swatch whose colour someone has a shade off', () => {
    expect(firstFreeColour(takenBy('#4264EA'))).toBe('#1098AD');
  });

  it('is the least used swatch when every one is taken', () => {
    const taken = new Map(SWATCHES.map((s) => [s.hex, ['A', 'B']]));
    taken.set('#2F9E44', ['C']);
    expect(firstFreeColour(taken)).toBe('#2F9E44');
  });
});
