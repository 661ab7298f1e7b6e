import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { given } from '../core/decider.testing';
import { NOT_YOURS, TimerCommand, timerDecider } from './timer.decider';
import { TimerEvent, TimerFields } from './timers.events';

const ORG = 'org-1';
const ids = { timerId: 't1', organizationId: ORG, userId: 'u1' };
const START = '2026-06-01T13:00:00Z';
/** Now, when the commands are decided: a week after the start. */
const NOW = '2026-06-08T13:00:00Z';
const owner = { userId: 'u1', mayEditOthers: false };
const start = (fields: Partial<Omit<TimerFields, 'end' | 'mileageEnd'>>): TimerCommand => ({
  type: 'StartTimer',
  ...ids,
  latest: NOW,
  fields: {
    type: 'Unassigned',
    start: START,
    mileageStart: null,
    jobId: null,
    jobName: null,
    customerId: null,
    customerName: null,
    label: null,
    ...fields,
  },
});
const started = (fields: Partial<TimerFields> = {}): TimerEvent => ({
  type: 'TimerStarted',
  data: {
    ...ids,
    type: 'Unassigned',
    start: START,
    mileageStart: null,
    jobId: null,
    jobName: null,
    customerId: null,
    customerName: null,
    label: null,
    ...fields,
  },
});
const mileage = started({ type: 'Mileage', mileageStart: 1200 });
const change = (changes: Partial<TimerFields>, actor = owner): TimerCommand => ({
  type: 'ChangeTimer',
  organizationId: ORG,
  changes,
  actor,
  latest: NOW,
});

describe('a timer', () => {
  it('starts with a trimmed label, and an unassigned timer keeps neither job nor mileage', () => {
    given(timerDecider, [])
      .when(start({ label: '  Loading the van ', jobId: 'j1', jobName: 'Lawn', mileageStart: 5 }))
      .then([started({ label: 'Loading the van' })]);
  });

  it('keeps the job and drops mileage on a job timer, and the reverse on a mileage timer', () => {
    given(timerDecider, [])
      .when(start({ type: 'Job', jobId: 'j1', jobName: 'Lawn care', customerName: 'Maple', mileageStart: 5 }))
      .then([started({ type: 'Job', jobId: 'j1', jobName: 'Lawn care', customerName: 'Maple' })]);
    given(timerDecider, [])
      .when(start({ type: 'Mileage', mileageStart: 1200, jobId: 'j1', jobName: 'Lawn care' }))
      .then([mileage]);
  });

  it.each([
    [{ type: undefined as never }, 'Timer type is required'],
    [{ type: 'Overtime' as never }, 'Timer type is required'],
    [{ type: 'Job' as const }, 'Choose the job this time is for'],
    [{ type: 'Mileage' as const }, 'Starting mileage is required for a mileage timer'],
    [{ type: 'Mileage' as const, mileageStart: Number.NaN }, 'Starting mileage must be a number'],
    [{ type: 'Mileage' as const, mileageStart: -3 }, 'Starting mileage must be a number'],
    [{ label: 'x'.repeat(201) }, 'The label can be at most 200 characters'],
    [{ start: 'soon' }, 'The start must be a date and time'],
    [{ start: '01/01/0001' }, 'The start must be a date and time'],
    [{ start: 'June 1, 2026 13:00' }, 'The start must be a date and time'],
    [{ start: '1800-01-01T00:00:00Z' }, 'The start must be in 2000 or later'],
    [{ start: '1999-12-31T23:59:59.999Z' }, 'The start must be in 2000 or later'],
    [{ start: '2026-06-08T13:00:00.001Z' }, 'The start cannot be in the future'],
    [{ start: '+275760-09-13T00:00:00Z' }, 'The start cannot be in the future'],
  ])('refuses to start %o', (fields, message) => {
    given(timerDecider, []).when(start(fields)).thenThrows(ValidationError, message);
  });

  it('starts at the first instant of 2000 and at now, the bounds of a sane time (#44 item 1)', () => {
    given(timerDecider, [])
      .when(start({ start: '2000-01-01T00:00:00.000Z' }))
      .then([started({ start: '2000-01-01T00:00:00.000Z' })]);
    given(timerDecider, [])
      .when(start({ start: NOW }))
      .then([started({ start: NOW })]);
  });

  it('stops a time of at most 7 days (and the hour of a DST change), and refuses a longer one in words', () => {
    const weekLater = '2026-06-08T13:00:00Z';
    given(timerDecider, [started()])
      .when(change({ end: weekLater }))
      .then([{ type: 'TimerStopped', data: { ...ids, end: weekLater, mileageEnd: null } }]);
    const anHourMore = '2026-06-08T14:00:00Z';
    given(timerDecider, [started()])
      .when({ ...change({ end: anHourMore }), latest: anHourMore } as TimerCommand)
      .then([{ type: 'TimerStopped', data: { ...ids, end: anHourMore, mileageEnd: null } }]);
    const tooLong = '2026-06-08T14:00:00.001Z';
    given(timerDecider, [started()])
      .when({ ...change({ end: tooLong }), latest: tooLong } as TimerCommand)
      .thenThrows(ValidationError, 'A tracked time can be at most 7 days long: set its end to when the work ended');
  });

  it('holds a change to the instants it sets: a label changes on a time a review let end ahead', () => {
    const ahead = '2026-06-08T15:00:00Z';
    given(timerDecider, [started(), { type: 'TimerStopped', data: { ...ids, end: ahead, mileageEnd: null } }])
      .when(change({ label: 'Late' }))
      .then([{ type: 'TimerChanged', data: { ...ids, changes: { label: { from: null, to: 'Late' } } } }]);
  });

  it.each([
    [{ end: '2026-06-08T13:00:00.001Z' }, 'The end cannot be in the future'],
    [{ end: '2100-01-01T00:00:00Z' }, 'The end cannot be in the future'],
    [{ end: '+275760-09-13T00:00:00Z' }, 'The end cannot be in the future'],
    [{ start: '1800-01-01T00:00:00Z', end: '2026-06-01T14:00:00Z' }, 'The start must be in 2000 or later'],
    [{ start: '2026-05-01T13:00:00Z', end: '2026-06-01T14:00:00Z' }, 'A tracked time can be at most 7 days long'],
  ])('refuses to stop or edit a time to %o (#44 item 1)', (changes, message) => {
    given(timerDecider, [started()]).when(change(changes)).thenThrows(ValidationError, message);
  });

  it('stops when given its end; a mileage timer needs an ending mileage not below the start', () => {
    const end = '2026-06-01T14:30:00Z';
    given(timerDecider, [started()])
      .when(change({ end }))
      .then([{ type: 'TimerStopped', data: { ...ids, end, mileageEnd: null } }]);
    given(timerDecider, [mileage]).when(change({ end })).thenThrows(ValidationError, 'Ending mileage is required');
    given(timerDecider, [mileage])
      .when(change({ end, mileageEnd: Number.NaN }))
      .thenThrows(ValidationError, 'Ending mileage must be a number');
    given(timerDecider, [mileage])
      .when(change({ end, mileageEnd: 1100 }))
      .thenThrows(ValidationError, 'Ending mileage cannot be less than the starting mileage');
    given(timerDecider, [mileage])
      .when(change({ end, mileageEnd: 1234.5 }))
      .then([{ type: 'TimerStopped', data: { ...ids, end, mileageEnd: 1234.5 } }]);
  });

  it('never ends before it starts', () => {
    given(timerDecider, [started()])
      .when(change({ end: '2026-06-01T12:59:59Z' }))
      .thenThrows(ValidationError, 'The end cannot be before the start');
  });

  it('records other changes made with a stop just before it', () => {
    const end = '2026-06-01T14:30:00Z';
    given(timerDecider, [started()])
      .when(change({ end, label: 'Van' }))
      .then([
        { type: 'TimerChanged', data: { ...ids, changes: { label: { from: null, to: 'Van' } } } },
        { type: 'TimerStopped', data: { ...ids, end, mileageEnd: null } },
      ]);
  });

  it('edits a stopped timer; switching to Job clears its mileage', () => {
    const stopped: TimerEvent = {
      type: 'TimerStopped',
      data: { ...ids, end: '2026-06-01T14:00:00Z', mileageEnd: 1250 },
    };
    given(timerDecider, [mileage, stopped])
      .when(change({ type: 'Job', jobId: 'j1', jobName: 'Lawn care' }))
      .then([
        {
          type: 'TimerChanged',
          data: {
            ...ids,
            changes: {
              type: { from: 'Mileage', to: 'Job' },
              mileageStart: { from: 1200, to: null },
              mileageEnd: { from: 1250, to: null },
              jobId: { from: null, to: 'j1' },
              jobName: { from: null, to: 'Lawn care' },
            },
          },
        },
      ]);
    given(timerDecider, [mileage, stopped])
      .when(change({ end: null }))
      .thenThrows(ValidationError, /cannot run again/);
  });

  it('is changed or deleted by its owner or by someone with users.crud, and no one else', () => {
    given(timerDecider, [started()])
      .when(change({ label: 'x' }, { userId: 'u2', mayEditOthers: false }))
      .thenThrows(ForbiddenError, NOT_YOURS);
    given(timerDecider, [started()])
      .when({ type: 'DeleteTimer', organizationId: ORG, actor: { userId: 'u2', mayEditOthers: false } })
      .thenThrows(ForbiddenError, NOT_YOURS);
    given(timerDecider, [started()])
      .when({ type: 'DeleteTimer', organizationId: ORG, actor: { userId: 'admin', mayEditOthers: true } })
      .then([{ type: 'TimerDeleted', data: ids }]);
  });

  it('is not found by another organization, nor once deleted', () => {
    given(timerDecider, [started()])
      .when({ ...change({ label: 'x' }), organizationId: 'org-2' })
      .thenThrows(NotFoundError);
    given(timerDecider, [started(), { type: 'TimerDeleted', data: ids }])
      .when(change({ label: 'x' }))
      .thenThrows(NotFoundError);
  });
});
