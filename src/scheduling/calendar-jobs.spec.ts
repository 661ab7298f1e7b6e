import type { JobSeriesDoc } from './scheduling.read-models';
import { seriesOccurrences } from './calendar-jobs';
import { occurrencesBetween } from './recurrence';

const series = (over: Partial<JobSeriesDoc> = {}): JobSeriesDoc => ({
  _id: '5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b',
  organizationId: 'org-1',
  timeZone: 'America/New_York',
  rule: { frequency: 'Weekly', days: ['monday', 'thursday'], weeklyRecurrence: 1, expireDate: null },
  template: {
    name: 'Pool',
    notes: null,
    number: null,
    type: null,
    userIds: [],
    leadUserId: null,
    customerId: null,
    colorOption: null,
    hideFromScheduleView: false,
    availabilityOnly: false,
    start: '2026-03-02T14:00:00Z',
    end: '2026-03-02T15:00:00Z',
  },
  overrides: {},
  deleted: [],
  createdAt: '2026-03-01T00:00:00Z',
  ...over,
});
const range = (from: string, to: string): [Date, Date] => [new Date(from), new Date(to)];

describe('a recurring job on a calendar', () => {
  it.each([
    ['its first weeks', '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z'],
    ['a week two years on', '2028-03-05T00:00:00Z', '2028-03-12T00:00:00Z'],
    ['a week past the three-year plan', '2030-03-03T00:00:00Z', '2030-03-10T00:00:00Z'],
  ])('shows the planned occurrences in %s, as the rule expands them', (_, from, to) => {
    const doc = series();
    const expected = occurrencesBetween(
      { start: doc.template.start, durationMinutes: 60, timeZone: doc.timeZone, rule: doc.rule },
      ...range(from, to),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(seriesOccurrences(doc, ...range(from, to)).map((o) => o.start)).toEqual(expected);
  });

  it('places an occurrence changed on its own where it now is, under its own id, and leaves out deleted ones', () => {
    const doc = series({
      overrides: { '2026-03-05': { start: '2026-03-10T15:00:00Z', end: '2026-03-10T16:00:00Z', name: 'Moved' } },
      deleted: ['2026-03-09'],
    });
    const firstWeek = seriesOccurrences(doc, ...range('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z'));
    expect(firstWeek.map((o) => o.id.slice(-8))).toEqual(['20260302']);
    const secondWeek = seriesOccurrences(doc, ...range('2026-03-09T00:00:00Z', '2026-03-16T00:00:00Z'));
    expect(secondWeek.map((o) => [o.id.slice(-8), o.name, o.start])).toEqual([
      ['20260312', 'Pool', '2026-03-12T13:00:00Z'],
      ['20260305', 'Moved', '2026-03-10T15:00:00Z'],
    ]);
  });
});
