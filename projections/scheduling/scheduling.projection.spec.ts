import { jobsBetween } from '../../src/scheduling/calendar-jobs';
import { eventLog, projection } from '../../src/core/projection.testing';
import type { RecurrenceRule } from '../../src/scheduling/recurrence';
import type { JobEvent, JobFields, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import {
  CANCELLED_JOBS,
  cancelledSince,
  JOB_PEOPLE_WEEKS,
  JOB_SERIES,
  JOB_WEEKS,
  JOBS,
} from '../../src/scheduling/scheduling.read-models';
import { schedulingProjection } from './scheduling.projection';

const ORG = 'org-1';
const JOB = 'job-a';
const SERIES = 'series-a';
const LEAD = 'user-lead';
const ANA = 'user-ana';
const BOB = 'user-bob';
// 2030-01-07 is a Monday: the job's week is the one from that day.
const fields: JobFields = {
  name: 'Lawn care',
  notes: null,
  number: 'J-1',
  type: null,
  userIds: [ANA],
  leadUserId: LEAD,
  customerId: 'customer-a',
  colorOption: null,
  hideFromScheduleView: false,
  availabilityOnly: false,
  start: '2030-01-08T13:00:00.000Z',
  end: '2030-01-08T14:00:00.000Z',
};
const rule: RecurrenceRule = { frequency: 'Daily', days: [], weeklyRecurrence: 1, expireDate: '2030-01-31' };
const week = (monday: string) => `${ORG}:${monday}`;
const weekDoc = (monday: string, jobId = JOB) => ({ _id: `${week(monday)}/${jobId}`, week: week(monday), jobId });
const personWeek = (userId: string, monday: string, jobId = JOB) => ({
  _id: `${ORG}:${userId}:${monday}/${jobId}`,
  key: `${ORG}:${userId}:${monday}`,
  jobId,
});

describe('scheduling projection', () => {
  const spec = projection(schedulingProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: 'user-manager' })));
  const job = (e: JobEvent) => log.event(`job-${e.data.jobId}`, e);
  const series = (e: JobSeriesEvent) => log.event(`jobSeries-${e.data.seriesId}`, e);
  const scheduled = (overrides: Partial<JobFields> = {}, jobId = JOB) =>
    job({ type: 'JobScheduled', data: { jobId, organizationId: ORG, ...fields, ...overrides } });
  const changed = (changes: Extract<JobEvent, { type: 'JobChanged' }>['data']['changes']) =>
    job({ type: 'JobChanged', data: { jobId: JOB, organizationId: ORG, changes } });

  describe('one-time jobs', () => {
    it('keeps a scheduled job, listed in its week and in the week of each of its people', async () => {
      await spec.given(scheduled()).then({
        [JOBS]: [
          { _id: JOB, ...fields, organizationId: ORG, weeks: [week('2030-01-07')], createdAt: log.at(1), _rev: 0 },
        ],
        [JOB_WEEKS]: [weekDoc('2030-01-07')],
        [JOB_PEOPLE_WEEKS]: [personWeek(LEAD, '2030-01-07'), personWeek(ANA, '2030-01-07')],
      });
    });

    it('lists a job across midnight into Monday in both weeks; a shaded availability block under nobody', async () => {
      await spec
        .given(
          scheduled({ start: '2030-01-13T23:00:00.000Z', end: '2030-01-14T01:00:00.000Z', availabilityOnly: true }),
        )
        .then({
          [JOBS]: [expect.objectContaining({ weeks: [week('2030-01-07'), week('2030-01-14')] })],
          [JOB_WEEKS]: [weekDoc('2030-01-07'), weekDoc('2030-01-14')],
          [JOB_PEOPLE_WEEKS]: [],
        });
    });

    it('moves a rescheduled job to its new week and its new people', async () => {
      await spec
        .given(
          scheduled(),
          changed({
            start: { from: fields.start, to: '2030-01-15T13:00:00.000Z' },
            end: { from: fields.end, to: '2030-01-15T14:00:00.000Z' },
            userIds: { from: [ANA], to: [BOB] },
            name: { from: 'Lawn care', to: 'Hedges' },
          }),
        )
        .then({
          [JOBS]: [
            {
              _id: JOB,
              ...fields,
              name: 'Hedges',
              userIds: [BOB],
              start: '2030-01-15T13:00:00.000Z',
              end: '2030-01-15T14:00:00.000Z',
              organizationId: ORG,
              weeks: [week('2030-01-14')],
              createdAt: log.at(1),
              _rev: 1,
            },
          ],
          [JOB_WEEKS]: [weekDoc('2030-01-14')],
          [JOB_PEOPLE_WEEKS]: [personWeek(LEAD, '2030-01-14'), personWeek(BOB, '2030-01-14')],
        });
    });

    it('adds the person whose request was approved; a request or a denial changes nothing', async () => {
      await spec
        .given(
          scheduled(),
          job({
            type: 'JobRequested',
            data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: BOB, name: 'Lawn care', ...timing() },
          }),
          job({ type: 'JobRequestDenied', data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: BOB } }),
          job({
            type: 'JobRequested',
            data: { jobId: JOB, organizationId: ORG, requestId: 'r2', userId: BOB, name: 'Lawn care', ...timing() },
          }),
          job({
            type: 'JobRequestApproved',
            data: {
              jobId: JOB,
              organizationId: ORG,
              requestId: 'r2',
              userId: BOB,
              notChosen: [],
              changes: { userIds: { from: [ANA], to: [ANA, BOB] } },
            },
          }),
        )
        .then({
          [JOBS]: [expect.objectContaining({ userIds: [ANA, BOB], _rev: 4 })],
          [JOB_WEEKS]: [weekDoc('2030-01-07')],
          [JOB_PEOPLE_WEEKS]: [
            personWeek(LEAD, '2030-01-07'),
            personWeek(ANA, '2030-01-07'),
            personWeek(BOB, '2030-01-07'),
          ],
        });
    });

    it('removes a deleted job from the jobs and every week list, and keeps it as it stood, cancelled', async () => {
      const events = [
        scheduled(),
        changed({ leadUserId: { from: LEAD, to: null } }),
        job({ type: 'JobDeleted', data: { jobId: JOB, organizationId: ORG } }),
      ];
      await spec.given(...events).thenNothing(JOBS, JOB_WEEKS, JOB_PEOPLE_WEEKS);
      await spec
        .given(...events)
        .thenReads(
          (store) => cancelledSince(store, ORG, log.at(3)),
          [expect.objectContaining({ _id: JOB, kind: 'job', leadUserId: null, cancelledAt: log.at(3), _rev: 2 })],
        );
      await spec.given(...events).thenReads((store) => cancelledSince(store, ORG, '2999-01-01T00:00:00.000Z'), []);
    });

    it('reads on the calendar as scheduled, in start order', async () => {
      await spec
        .given(
          scheduled({ start: '2030-01-09T09:00:00.000Z', end: '2030-01-09T10:00:00.000Z' }, 'job-b'),
          scheduled(),
          scheduled({ start: '2030-01-20T09:00:00.000Z', end: '2030-01-20T10:00:00.000Z' }, 'job-c'),
        )
        .thenReads(
          async (store) =>
            (await jobsBetween(store, ORG, new Date('2030-01-07T00:00:00Z'), new Date('2030-01-14T00:00:00Z'))).map(
              (j) => [j.id, j.start],
            ),
          [
            [JOB, fields.start],
            ['job-b', '2030-01-09T09:00:00.000Z'],
          ],
        );
    });
  });

  describe('recurring jobs', () => {
    // 01:00Z on the 9th is the 8th in Chicago: the occurrence's date is the series' local one.
    const occurrence = { occurrenceId: `${SERIES}_20300108`, originalStart: '2030-01-09T01:00:00.000Z' };
    const seriesScheduled = () =>
      series({
        type: 'JobSeriesScheduled',
        data: {
          seriesId: SERIES,
          organizationId: ORG,
          timeZone: 'America/Chicago',
          rule,
          ...fields,
          start: '2030-01-08T01:00:00.000Z',
          end: '2030-01-08T02:00:00.000Z',
        },
      });
    const template = { ...fields, start: '2030-01-08T01:00:00.000Z', end: '2030-01-08T02:00:00.000Z' };

    it('keeps a scheduled series as its template and rule, in no week list', async () => {
      await spec.given(seriesScheduled()).then({
        [JOB_SERIES]: [
          {
            _id: SERIES,
            organizationId: ORG,
            timeZone: 'America/Chicago',
            rule,
            template,
            overrides: {},
            deleted: [],
            createdAt: log.at(1),
            _rev: 0,
          },
        ],
        [JOBS]: [],
        [JOB_WEEKS]: [],
      });
    });

    it('changes the template and rule, and an occurrence on its own by its local date', async () => {
      const weekly: RecurrenceRule = { ...rule, frequency: 'Weekly', days: ['tuesday'] };
      await spec
        .given(
          seriesScheduled(),
          series({
            type: 'JobSeriesChanged',
            data: {
              seriesId: SERIES,
              organizationId: ORG,
              changes: { notes: { from: null, to: 'Side gate' } },
              rule: { from: rule, to: weekly },
            },
          }),
          series({
            type: 'OccurrenceChanged',
            data: {
              seriesId: SERIES,
              organizationId: ORG,
              ...occurrence,
              changes: { name: { from: 'Lawn care', to: 'Deep clean' } },
            },
          }),
          series({
            type: 'JobRequestApproved',
            data: {
              seriesId: SERIES,
              organizationId: ORG,
              ...occurrence,
              requestId: 'r1',
              userId: BOB,
              notChosen: [],
              changes: { userIds: { from: [ANA], to: [ANA, BOB] } },
            },
          }),
          series({
            type: 'OccurrenceDeleted',
            data: {
              seriesId: SERIES,
              organizationId: ORG,
              occurrenceId: `${SERIES}_20300115`,
              originalStart: '2030-01-16T01:00:00.000Z',
            },
          }),
        )
        .then(JOB_SERIES, [
          {
            _id: SERIES,
            organizationId: ORG,
            timeZone: 'America/Chicago',
            rule: weekly,
            template: { ...template, notes: 'Side gate' },
            overrides: { '2030-01-08': { name: 'Deep clean', userIds: [ANA, BOB] } },
            deleted: ['2030-01-15'],
            createdAt: log.at(1),
            _rev: 4,
          },
        ]);
    });

    it('removes a deleted series, and keeps it as it stood, cancelled', async () => {
      const events = [
        seriesScheduled(),
        series({ type: 'JobSeriesDeleted', data: { seriesId: SERIES, organizationId: ORG } }),
      ];
      await spec.given(...events).thenNothing(JOB_SERIES);
      await spec.given(...events).then({
        [CANCELLED_JOBS]: [expect.objectContaining({ _id: SERIES, kind: 'series', cancelledAt: log.at(2), _rev: 1 })],
      });
    });
  });

  it('pushes schedule.changed to the organization with the job, or the occurrence, it changed', async () => {
    const { notices } = await spec
      .given(
        scheduled(),
        job({
          type: 'JobRequested',
          data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: BOB, name: 'Lawn care', ...timing() },
        }),
        job({ type: 'JobDeleted', data: { jobId: JOB, organizationId: ORG } }),
        series({
          type: 'JobSeriesScheduled',
          data: { seriesId: SERIES, organizationId: ORG, timeZone: 'UTC', rule, ...fields },
        }),
        series({
          type: 'OccurrenceDeleted',
          data: {
            seriesId: SERIES,
            organizationId: ORG,
            occurrenceId: `${SERIES}_20300109`,
            originalStart: '2030-01-09T13:00:00.000Z',
          },
        }),
      )
      .effects();
    const changedJobs = (jobIds: string[]) => ({
      rooms: [`org:${ORG}`],
      event: 'schedule.changed',
      payload: { organizationId: ORG, jobIds },
    });
    expect(notices).toEqual([
      changedJobs([JOB]),
      changedJobs([JOB]),
      changedJobs([SERIES]),
      changedJobs([`${SERIES}_20300109`]),
    ]);
  });
});

function timing() {
  return { start: fields.start, end: fields.end };
}
