import { describe, expect, it } from 'vitest';
import { scheduleLegend } from './scheduleLegend';

const person = (id: string, fullName: string, colorCode: string | null) => ({ id, fullName, colorCode });

describe("the Job Schedule's legend", () => {
  it('lists each lead employee by their own colour after the fixed ones', () => {
    const items = scheduleLegend([person('u1', 'Maria Lopez', '#2F9E44')], false);
    expect(items.map((i) => i.label)).toEqual(['Internal', 'Available for Requests', 'Lead employee:', 'Maria Lopez']);
    expect(items[3].color).toBe('#2F9E44');
    expect(items.some((i) => i.flagged)).toBe(false);
  });

  it('gathers the people still on the default colour in one flagged entry with a hint', () => {
    const items = scheduleLegend(
      [person('u1', 'Maria Lopez', '#2F9E44'), person('u2', 'Jamal Reed', '#0d1b41'), person('u3', 'Ana Ruiz', null)],
      false,
    );
    const flagged = items.filter((i) => i.flagged);
    expect(flagged).toHaveLength(1);
    expect(flagged[0].label).toBe('Jamal Reed, Ana Ruiz: default colour');
    expect(flagged[0].hint).toBe("Jamal Reed, Ana Ruiz: Pick a colour so these people's jobs stand out (Users, Edit).");
    expect(items.filter((i) => i.color?.toUpperCase() === '#0D1B41' && !i.flagged).map((i) => i.label)).toEqual([
      'Available for Requests',
    ]);
  });

  it('names at most three of them, and counts the rest', () => {
    const many = ['A', 'B', 'C', 'D', 'E'].map((n, i) => person(`u${i}`, `${n} Person`, '#0D1B41'));
    const [flagged] = scheduleLegend(many, false).filter((i) => i.flagged);
    expect(flagged.label).toBe('A Person, B Person, C Person +2 more: default colour');
    expect(flagged.hint).toContain('E Person');
  });

  it('adds the availability shading when it is shown', () => {
    expect(scheduleLegend([], true).map((i) => i.label)).toEqual([
      'Internal',
      'Available for Requests',
      'Available (weekly availability)',
    ]);
  });
});
