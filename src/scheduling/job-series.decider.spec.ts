import { NotFoundError, ValidationError } from '../core/errors';
import { fold } from '../core/decider';
import { given } from '../core/decider.testing';
import { jobSeriesDecider, occurrenceExists, occurrenceFields, ScheduledSeries } from './job-series.decider';
import { RecurrenceRule } from './recurrence';
import { JobFields, JobSeriesEvent } from './scheduling.events';

const ORG = 'org-1';
const SERIES = '5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b';
const ZONE = 'America/New_York';
const weekly: RecurrenceRule = {
  frequency: 'Weekly',
  days: ['monday', 'wednesday'],
  weeklyRecurrence: 1,
  expireDate: null,
};
const fields = (f: Partial<JobFields> = {}): JobFields => ({
  name: 'Office cleaning',
  notes: null,
  number: null,
  type: null,
  userIds: [],
  leadUserId: null,
  customerId: null,
  colorOption: null,
  hideFromScheduleView: false,
  availabilityOnly: false,
  // Monday 2 March 2026, 9:00–10:00 in New York (EST)
  start: '2026-03-02T14:00:00Z',
  end: '2026-03-02T15:00:00Z',
  ...f,
});
const scheduled: JobSeriesEvent = {
  type: 'JobSeriesScheduled',
  data: { seriesId: SERIES, organizationId: ORG, timeZone: ZONE, rule: weekly, ...fields() },
};
const state = (history: JobSeriesEvent[]) => fold(jobSeriesDecider, history) as ScheduledSeries;
const occurrence = (history: JobSeriesEvent[], date: string) => occurrenceFields(state(history), date);

describe('a recurring job', () => {
  it('is scheduled with its rule and time zone', () => {
    given(jobSeriesDecider, [])
      .when({
        type: 'ScheduleSeries',
        seriesId: SERIES,
        organizationId: ORG,
        timeZone: ZONE,
        rule: weekly,
        fields: fields(),
        actorIsCompanyAdmin: false,
      })
      .then([scheduled]);
  });

  it.each([
    [{ ...weekly, weeklyRecurrence: 0 }, 'Repeat every must be a whole number of weeks, 1 or more'],
    [{ ...weekly, days: [] }, 'Choose at least one day of the week'],
    [{ ...weekly, expireDate: '2026-03-01' }, 'The end date cannot be before the first occurrence'],
  ])('refuses the rule %o', (rule, message) => {
    given(jobSeriesDecider, [])
      .when({
        type: 'ScheduleSeries',
        seriesId: SERIES,
        organizationId: ORG,
        timeZone: ZONE,
        rule: rule as RecurrenceRule,
        fields: fields(),
        actorIsCompanyAdmin: false,
      })
      .thenThrows(ValidationError, message);
  });

  it('refuses an unknown time zone', () => {
    given(jobSeriesDecider, [])
      .when({
        type: 'ScheduleSeries',
        seriesId: SERIES,
        organizationId: ORG,
        timeZone: 'Mars/Base',
        rule: weekly,
        fields: fields(),
        actorIsCompanyAdmin: false,
      })
      .thenThrows(ValidationError, /not a known time zone/);
  });

  it('changes one occurrence alone, under its own id, keeping it after a series edit', () => {
    const moved = given(jobSeriesDecider, [scheduled])
      .when({
        type: 'ChangeOccurrence',
        organizationId: ORG,
        localDate: '2026-03-04',
        changes: { start: '2026-03-04T16:00:00Z', end: '2026-03-04T17:00:00Z', name: 'Deep clean' },
        actorIsCompanyAdmin: false,
      })
      .events();
    expect(moved).toEqual([
      {
        type: 'OccurrenceChanged',
        data: {
          seriesId: SERIES,
          organizationId: ORG,
          occurrenceId: `${SERIES}_20260304`,
          originalStart: '2026-03-04T14:00:00Z',
          changes: {
            name: { from: 'Office cleaning', to: 'Deep clean' },
            start: { from: '2026-03-04T14:00:00Z', to: '2026-03-04T16:00:00Z' },
            end: { from: '2026-03-04T15:00:00Z', to: '2026-03-04T17:00:00Z' },
          },
        },
      },
    ]);
    const renamed = given(jobSeriesDecider, [scheduled, ...moved])
      .when({
        type: 'ChangeSeries',
        organizationId: ORG,
        changes: { name: 'Cleaning', notes: 'Bring keys' },
        actorIsCompanyAdmin: false,
      })
      .events();
    const history = [scheduled, ...moved, ...renamed];
    expect(occurrence(history, '2026-03-04')).toMatchObject({
      name: 'Deep clean',
      notes: 'Bring keys',
      start: '2026-03-04T16:00:00Z',
    });
    expect(occurrence(history, '2026-03-09')).toMatchObject({
      name: 'Cleaning',
      notes: 'Bring keys',
      start: '2026-03-09T13:00:00Z',
    });
  });

  it('moves every occurrence to a new local time from any occurrence, keeping 9:00 → 10:00 local across DST', () => {
    const events = given(jobSeriesDecider, [scheduled])
      .when({
        type: 'ChangeSeries',
        organizationId: ORG,
        fromDate: '2026-03-11',
        changes: { start: '2026-03-11T14:00:00Z', end: '2026-03-11T15:30:00Z' },
        actorIsCompanyAdmin: false,
      })
      .events();
    const history = [scheduled, ...events];
    expect(state(history).template).toMatchObject({ start: '2026-03-02T15:00:00Z', end: '2026-03-02T16:30:00Z' }); // 10:00 EST
    expect(occurrence(history, '2026-03-16')).toMatchObject({
      start: '2026-03-16T14:00:00Z',
      end: '2026-03-16T15:30:00Z',
    }); // 10:00 EDT
  });

  it('moves a weekly series to other days when an occurrence is dragged to another day for the whole series', () => {
    const events = given(jobSeriesDecider, [scheduled])
      .when({
        type: 'ChangeSeries',
        organizationId: ORG,
        fromDate: '2026-03-04',
        changes: { start: '2026-03-05T14:00:00Z', end: '2026-03-05T15:00:00Z' },
        actorIsCompanyAdmin: false,
      })
      .events();
    expect(state([scheduled, ...events]).rule.days).toEqual(['tuesday', 'thursday']);
  });

  it('deletes one occurrence, which is then gone while the others stay', () => {
    const events = given(jobSeriesDecider, [scheduled])
      .when({ type: 'DeleteOccurrence', organizationId: ORG, localDate: '2026-03-09' })
      .events();
    expect(events).toEqual([
      {
        type: 'OccurrenceDeleted',
        data: {
          seriesId: SERIES,
          organizationId: ORG,
          occurrenceId: `${SERIES}_20260309`,
          originalStart: '2026-03-09T13:00:00Z',
        },
      },
    ]);
    const after = state([scheduled, ...events]);
    expect(occurrenceExists(after, '2026-03-09')).toBe(false);
    expect(occurrenceExists(after, '2026-03-11')).toBe(true);
    given(jobSeriesDecider, [scheduled, ...events])
      .when({ type: 'DeleteOccurrence', organizationId: ORG, localDate: '2026-03-09' })
      .thenThrows(NotFoundError);
  });

  it('does not know a date the rule does not plan', () => {
    given(jobSeriesDecider, [scheduled])
      .when({
        type: 'ChangeOccurrence',
        organizationId: ORG,
        localDate: '2026-03-03',
        changes: { name: 'x' },
        actorIsCompanyAdmin: false,
      })
      .thenThrows(NotFoundError, 'The job was not found.');
  });

  it('assigns an employee to one occurrence only', () => {
    const events = given(jobSeriesDecider, [scheduled])
      .when({ type: 'AssignOccurrence', organizationId: ORG, localDate: '2026-03-02', userId: 'u1' })
      .events();
    const history = [scheduled, ...events];
    expect(occurrence(history, '2026-03-02').userIds).toEqual(['u1']);
    expect(occurrence(history, '2026-03-04').userIds).toEqual([]);
    given(jobSeriesDecider, history)
      .when({ type: 'AssignOccurrence', organizationId: ORG, localDate: '2026-03-02', userId: 'u1' })
      .then([]);
  });

  it('changes its rule with old → new', () => {
    const rule: RecurrenceRule = { ...weekly, weeklyRecurrence: 2 };
    given(jobSeriesDecider, [scheduled])
      .when({ type: 'ChangeSeries', organizationId: ORG, changes: {}, rule, actorIsCompanyAdmin: false })
      .then([
        {
          type: 'JobSeriesChanged',
          data: { seriesId: SERIES, organizationId: ORG, changes: {}, rule: { from: weekly, to: rule } },
        },
      ]);
    given(jobSeriesDecider, [scheduled])
      .when({ type: 'ChangeSeries', organizationId: ORG, changes: {}, rule: weekly, actorIsCompanyAdmin: false })
      .then([]);
  });

  it('deletes the whole series, after which it is not found', () => {
    const deleted: JobSeriesEvent = { type: 'JobSeriesDeleted', data: { seriesId: SERIES, organizationId: ORG } };
    given(jobSeriesDecider, [scheduled]).when({ type: 'DeleteSeries', organizationId: ORG }).then([deleted]);
    given(jobSeriesDecider, [scheduled, deleted])
      .when({ type: 'DeleteSeries', organizationId: ORG })
      .thenThrows(NotFoundError);
  });

  it('is not found by another organization', () => {
    given(jobSeriesDecider, [scheduled])
      .when({ type: 'DeleteSeries', organizationId: 'org-2' })
      .thenThrows(NotFoundError, 'The recurring job was not found.');
  });
});
