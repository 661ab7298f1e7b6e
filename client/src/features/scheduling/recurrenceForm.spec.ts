import { describe, expect, it } from 'vitest';
import type { JobRecurrenceModel } from './jobs';
import {
  describeRecurrence,
  recurrenceChanged,
  recurrenceModelOf,
  recurrenceProblems,
  recurrenceValuesFrom,
  repeatEvery,
  REPEAT_EVERY_PROBLEM,
  weekdayOf,
} from './recurrenceForm';

const weekly: JobRecurrenceModel = {
  id: 's1',
  recurringFrequency: 'Weekly',
  recurrenceDays: 'thursday,monday',
  weeklyRecurrence: 2,
  expireDate: '2026-06-30',
};

describe('recurrence form ↔ recurrenceModel', () => {
  it("starts a one-time job at Never, with its start's weekday ready for Weekly", () => {
    expect(weekdayOf('2026-06-01 09:00:00')).toBe('monday');
    expect(recurrenceValuesFrom(null, '2026-06-04 09:00:00')).toEqual({
      repeat: 'Never',
      days: ['thursday'],
      every: 1,
      endDate: null,
    });
  });

  it("reads a series' rule, days Monday first", () => {
    expect(recurrenceValuesFrom(weekly, '2026-06-01 09:00:00')).toEqual({
      repeat: 'Weekly',
      days: ['monday', 'thursday'],
      every: 2,
      endDate: '2026-06-30',
    });
    expect(
      recurrenceValuesFrom(
        { ...weekly, recurringFrequency: 'Daily', recurrenceDays: '', weeklyRecurrence: 1, expireDate: null },
        '2026-06-02 09:00:00',
      ),
    ).toEqual({ repeat: 'Daily', days: ['tuesday'], every: 1, endDate: null });
  });

  it('writes Weekly with lowercase comma-separated days and an integer every', () => {
    expect(recurrenceModelOf({ repeat: 'Weekly', days: ['thursday', 'monday'], every: '3', endDate: null })).toEqual({
      recurringFrequency: 'Weekly',
      recurrenceDays: 'monday,thursday',
      weeklyRecurrence: 3,
      expireDate: null,
    });
  });

  it('writes Never, Daily and Monthly without weekly fields', () => {
    expect(recurrenceModelOf({ repeat: 'Never', days: ['monday'], every: 1, endDate: '2026-07-01' })).toEqual({
      recurringFrequency: 'Never',
    });
    expect(recurrenceModelOf({ repeat: 'Daily', days: ['monday'], every: 4, endDate: '2026-07-01' })).toEqual({
      recurringFrequency: 'Daily',
      expireDate: '2026-07-01',
    });
    expect(recurrenceModelOf({ repeat: 'Monthly', days: [], every: 1, endDate: null })).toEqual({
      recurringFrequency: 'Monthly',
      expireDate: null,
    });
  });

  it('round-trips a saved rule', () => {
    const values = recurrenceValuesFrom(weekly, '2026-06-01 09:00:00');
    expect(recurrenceChanged(weekly, values)).toBe(false);
    expect(recurrenceChanged(weekly, { ...values, every: 1 })).toBe(true);
    expect(recurrenceChanged(weekly, { ...values, days: ['monday'] })).toBe(true);
    expect(recurrenceChanged(weekly, { ...values, endDate: null })).toBe(true);
    expect(recurrenceChanged(null, recurrenceValuesFrom(null, '2026-06-01'))).toBe(false);
  });
});

describe('recurrence validation (spec §5)', () => {
  it('takes repeat-every as a whole number of weeks, 1 or more', () => {
    expect([repeatEvery(1), repeatEvery('2'), repeatEvery(' 12 ')]).toEqual([1, 2, 12]);
    expect([repeatEvery(0), repeatEvery(1.5), repeatEvery('two'), repeatEvery(''), repeatEvery(-1)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("reports each field's problem, only for the frequency that uses it", () => {
    expect(
      recurrenceProblems({ repeat: 'Weekly', days: [], every: '1.5', endDate: '2026-05-31' }, '2026-06-01 09:00:00'),
    ).toEqual({
      every: REPEAT_EVERY_PROBLEM,
      days: 'Choose at least one day of the week',
      endDate: 'The end date cannot be before the first occurrence',
    });
    expect(
      recurrenceProblems({ repeat: 'Daily', days: [], every: 0, endDate: '2026-06-01' }, '2026-06-01 09:00:00'),
    ).toEqual({});
    expect(
      recurrenceProblems({ repeat: 'Never', days: [], every: 0, endDate: '2020-01-01' }, '2026-06-01 09:00:00'),
    ).toEqual({});
  });

  it('describes a rule in words', () => {
    expect(describeRecurrence(weekly)).toBe('Every 2 weeks on Mon, Thu until 30 Jun 2026');
    expect(describeRecurrence({ ...weekly, weeklyRecurrence: 1, expireDate: null })).toBe('Weekly on Mon, Thu');
    expect(describeRecurrence({ ...weekly, recurringFrequency: 'Monthly', expireDate: null })).toBe('Monthly');
  });
});
