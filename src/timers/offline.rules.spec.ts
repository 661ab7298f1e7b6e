import { ConflictError } from '../core/errors';
import {
  ActedEvent,
  clockOff,
  decideOfflineChange,
  durationInWords,
  isStopOnly,
  jobDeletedMessage,
  jobDeletedReason,
  OfflineChange,
  offTheDeletedJob,
  otherTimerRunning,
  reviewAct,
  reviewedTimer,
  reviewReason,
  reviewWhat,
  sentForReviewMessage,
  stopAddedMessage,
  timeInWords,
} from './offline.rules';
import type { TimerEvent, TimerFields } from './timers.events';

const ZONE = 'America/New_York';
const ids = { timerId: 't1', organizationId: 'o1', userId: 'abe' };
// 2026-06-01 in New York: 8:00 AM is 12:00Z.
const at = (hhmm: string) => `2026-06-01T${hhmm}:00.000Z`;
const RECEIVED = at('20:20'); // 4:20 PM
const H = 3_600_000;

const fields: TimerFields = {
  type: 'Job',
  start: at('12:00'),
  end: null,
  mileageStart: null,
  mileageEnd: null,
  jobId: 'j1',
  jobName: 'Lawn care',
  customerId: null,
  customerName: null,
  label: null,
};
const startedEvent: TimerEvent = {
  type: 'TimerStarted',
  data: {
    ...ids,
    type: 'Job',
    start: at('12:00'),
    mileageStart: null,
    jobId: 'j1',
    jobName: 'Lawn care',
    customerId: null,
    customerName: null,
    label: null,
  },
};
const acted = (event: TimerEvent, actorUserId: string, when: string, commandId?: string): ActedEvent => ({
  event,
  actorUserId,
  actedAt: when,
  commandId,
});
const started = acted(startedEvent, 'abe', at('12:00'));
const stopped = (end: string) => ({ type: 'TimerStopped', data: { ...ids, end, mileageEnd: null } }) as TimerEvent;
const changed = (changes: object) => ({ type: 'TimerChanged', data: { ...ids, changes } }) as TimerEvent;
const deleted = { type: 'TimerDeleted', data: ids } as TimerEvent;
const names: Record<string, string> = { abe: 'Abe Associate', alex: 'Alex Rivera' };
const change = (history: ActedEvent[], changes: Partial<TimerFields>, deviceAt = at('20:05')): OfflineChange => ({
  history,
  changes,
  deviceAt,
  receivedAt: RECEIVED,
  actorUserId: 'abe',
  nameOf: (id) => (id && names[id]) || 'Someone',
  zone: ZONE,
});
const refusal = (c: OfflineChange) => {
  try {
    decideOfflineChange(c);
  } catch (error) {
    expect(error).toBeInstanceOf(ConflictError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('what a phone sends later', () => {
  describe('the clock', () => {
    it('says how far apart two instants are in words', () => {
      expect(durationInWords(14 * H)).toBe('14 hours');
      expect(durationInWords(-14 * H - 20_000)).toBe('14 hours');
      expect(durationInWords(45 * 60_000)).toBe('45 minutes');
      expect(durationInWords(H)).toBe('1 hour');
      expect(durationInWords(3 * H + 20 * 60_000)).toBe('3 hours 20 minutes');
      expect(durationInWords(30 * H + 20 * 60_000)).toBe('30 hours');
    });

    it('takes a start within the limit back and up to 5 minutes ahead as it is', () => {
      const now = at('20:00');
      expect(clockOff(new Date(Date.parse(now) - 12 * H).toISOString(), now, 12, true)).toBeNull();
      expect(clockOff(new Date(Date.parse(now) + 5 * 60_000).toISOString(), now, 12, true)).toBeNull();
    });

    it('finds a start more than the limit back, or later than when it reached us, off', () => {
      const now = at('20:00');
      expect(clockOff(new Date(Date.parse(now) - 14 * H).toISOString(), now, 12, true)).toEqual({
        offsetMinutes: -840,
        limitHours: 12,
      });
      expect(clockOff(new Date(Date.parse(now) - 14 * H).toISOString(), now, 24, true)).toBeNull();
      expect(clockOff(new Date(Date.parse(now) + 2 * H).toISOString(), now, 12, true)).toEqual({
        offsetMinutes: 120,
        limitHours: 12,
      });
      expect(clockOff(new Date(Date.parse(now) + 6 * 60_000).toISOString(), now, 12, true)).not.toBeNull();
    });

    it('holds an end only to "not later than it reached us" (past ends are past work)', () => {
      const now = at('20:00');
      expect(clockOff(new Date(Date.parse(now) - 40 * H).toISOString(), now, 12, false)).toBeNull();
      expect(clockOff(new Date(Date.parse(now) + H).toISOString(), now, 12, false)).toEqual({
        offsetMinutes: 60,
        limitHours: 12,
      });
    });

    it('explains a review to the manager and to the phone, naming the limit', () => {
      const behind = { offsetMinutes: -840, limitHours: 12 };
      expect(reviewReason('start', behind)).toBe(
        'The start was 14 hours before it reached us, more than the limit of 12 hours: the phone was offline that long, or its clock is behind.',
      );
      expect(sentForReviewMessage('start', behind)).toBe(
        "This start was 14 hours before it reached us, more than your organization's limit of 12 hours, so it was sent to a manager for review.",
      );
      const ahead = { offsetMinutes: 120, limitHours: 1 };
      expect(reviewReason('stop', ahead)).toBe(
        "The phone's clock was 2 hours ahead: its stop was later than when it reached us.",
      );
      expect(sentForReviewMessage('stop', ahead)).toBe(
        "Your phone's clock was 2 hours ahead, so this stop was sent to a manager for review.",
      );
      expect(reviewReason('edit', ahead)).toMatch(/its end was later/);
      expect(sentForReviewMessage('start', { offsetMinutes: -90, limitHours: 1 })).toMatch(/limit of 1 hour,/);
    });
  });

  describe('a stop or edit against what happened meanwhile', () => {
    it('tells a stop (the end alone, with the ending mileage) from an edit', () => {
      expect(isStopOnly({ end: at('20:05') })).toBe(true);
      expect(isStopOnly({ end: at('20:05'), mileageEnd: 12 })).toBe(true);
      expect(isStopOnly({ end: at('20:05'), label: 'x' })).toBe(false);
      expect(isStopOnly({ label: 'x' })).toBe(false);
    });

    it('applies what nobody changed since, without a note', () => {
      expect(decideOfflineChange(change([started], { end: at('20:05') }))).toEqual({ note: null });
      const edited = acted(changed({ label: { from: null, to: 'x' } }), 'alex', at('19:00'));
      expect(decideOfflineChange(change([started, edited], { label: 'Mine' }))).toEqual({ note: null });
    });

    it('refuses a stop of a timer someone else stopped, naming who and when', () => {
      const byAlex = acted(stopped(at('20:10')), 'alex', at('20:10'));
      expect(refusal(change([started, byAlex], { end: at('20:05') }))).toBe(
        "Alex Rivera stopped this timer at 4:10 PM, before your phone's stop (4:05 PM) arrived. Your stop was not applied.",
      );
      // Also when their stop came first: the timer stopped once, at their end.
      const earlier = acted(stopped(at('20:00')), 'alex', at('20:00'));
      expect(refusal(change([started, earlier], { end: at('20:05') }))).toMatch(
        /^Alex Rivera stopped this timer at 4:00 PM/,
      );
    });

    it('says "you, on another device" when it was the same person', () => {
      const onLaptop = acted(stopped(at('20:10')), 'abe', at('20:10'));
      expect(refusal(change([started, onLaptop], { end: at('20:05') }))).toBe(
        "You stopped this timer on another device at 4:10 PM, before this phone's stop (4:05 PM) arrived. This phone's stop was not applied.",
      );
    });

    it('applies a stop of a running timer a manager changed meanwhile, and says their changes were kept', () => {
      const byAlex = acted(changed({ label: { from: null, to: 'Front lawn' } }), 'alex', at('20:10'));
      expect(decideOfflineChange(change([started, byAlex], { end: at('20:05') }))).toEqual({
        note: 'Alex Rivera changed this timer at 4:10 PM while your phone was offline. Your stop (4:05 PM) was applied and their changes were kept.',
      });
      // A change made before the phone's stop is one the stop came after: nothing to say.
      const before = acted(changed({ label: { from: null, to: 'Front lawn' } }), 'alex', at('20:02'));
      expect(decideOfflineChange(change([started, before], { end: at('20:05') }))).toEqual({ note: null });
    });

    it("refuses an edit of a time someone changed after the phone's edit, naming who and when", () => {
      const done = acted(stopped(at('19:00')), 'abe', at('19:00'));
      const byAlex = acted(changed({ start: { from: at('12:00'), to: at('12:30') } }), 'alex', at('20:10'));
      expect(refusal(change([started, done, byAlex], { label: 'Mine', end: at('19:30') }))).toBe(
        "Alex Rivera changed this time at 4:10 PM, after your phone's edit (4:05 PM). Your edit was not applied.",
      );
    });

    it('refuses anything for a deleted timer, naming who deleted it', () => {
      const gone = acted(deleted, 'alex', at('20:00'));
      expect(refusal(change([started, gone], { end: at('20:05') }))).toBe(
        'Alex Rivera deleted this timer at 4:00 PM. Your stop was not applied.',
      );
      expect(refusal(change([started, gone], { label: 'x' }))).toMatch(/Your edit was not applied/);
    });

    it("counts a change by when it was made on its device, and not the command's own events", () => {
      // Sent later too: made at 4:00 on a phone, it reached us at 4:15, before this edit made at 4:05.
      const sentLater = acted(changed({ label: { from: null, to: 'a' } }), 'abe', at('20:00'));
      expect(decideOfflineChange(change([started, sentLater], { label: 'b' }))).toEqual({ note: null });
      const ownStop = acted(stopped(at('20:05')), 'abe', at('20:05'), 'cmd-1');
      expect(decideOfflineChange({ ...change([started, ownStop], { end: at('20:05') }), commandId: 'cmd-1' })).toEqual({
        note: null,
      });
    });

    it('names the day of an instant on another day than the one it reached us', () => {
      expect(timeInWords(at('20:10'), ZONE, RECEIVED)).toBe('4:10 PM');
      expect(timeInWords('2026-05-31T20:10:00Z', ZONE, RECEIVED)).toBe('Sun 31 May, 4:10 PM');
    });
  });

  it('refuses a start while another timer of the person runs, in words', () => {
    expect(otherTimerRunning(at('12:05'), at('12:00'), ZONE, RECEIVED)).toBe(
      "A timer started at 8:05 AM on another device is already running. This phone's start (8:00 AM) was not applied.",
    );
  });

  describe('a review', () => {
    it('holds a start, a stop or an edit, the time as approving it would record it, and what it is in words', () => {
      const { end: _e, mileageEnd: _m, ...startFields } = fields;
      const start = { kind: 'start' as const, fields: startFields };
      expect(reviewAct(start)).toBe('start');
      expect(reviewedTimer(start)).toEqual(fields);
      const stop = { kind: 'change' as const, changes: { end: at('22:00') }, before: fields, timerRevision: 0 };
      expect(reviewAct(stop)).toBe('stop');
      expect(reviewedTimer(stop).end).toBe(at('22:00'));
      const edit = { ...stop, changes: { end: at('22:00'), label: 'x' } };
      expect(reviewAct(edit)).toBe('edit');
      expect(reviewWhat('start', fields)).toBe('Started a timer on Lawn care');
      expect(reviewWhat('stop', { type: 'Mileage', jobName: null, label: null })).toBe('Stopped the mileage timer');
      expect(reviewWhat('edit', { type: 'Unassigned', jobName: null, label: 'Loading the van' })).toBe(
        'Changed the tracked time: Loading the van',
      );
    });
  });

  describe('a start on a job deleted meanwhile (issue #44 item 5)', () => {
    const deleted = {
      jobId: 'j1',
      jobName: 'Gutter cleaning',
      deletedBy: 'mona',
      deletedByName: 'Mona Customer',
      deletedAt: at('18:10'),
    };

    it('says who deleted the job and when, to the manager, to the phone, and when its stop joins it', () => {
      expect(jobDeletedReason(deleted, ZONE, RECEIVED)).toBe(
        'Mona Customer deleted the job Gutter cleaning at 2:10 PM while the phone was offline. ' +
          'Approving keeps it as an Unassigned time labelled Gutter cleaning.',
      );
      expect(jobDeletedMessage(deleted, ZONE, RECEIVED)).toBe(
        'Mona Customer deleted the job Gutter cleaning at 2:10 PM while your phone was offline, so this time was sent to a manager for review.',
      );
      expect(stopAddedMessage(deleted, at('19:00'), ZONE, RECEIVED)).toBe(
        'Mona Customer deleted the job Gutter cleaning at 2:10 PM while your phone was offline. Your stop (3:00 PM) was added to the time sent to a manager for review.',
      );
      expect(stopAddedMessage(null, at('19:00'), ZONE, RECEIVED)).toBe(
        "This time's start is waiting for a manager's review. Your stop (3:00 PM) was added to it.",
      );
    });

    it("is kept as an Unassigned time labelled with the job's name, and the phone's label after it", () => {
      const { end: _e, mileageEnd: _m, ...startFields } = fields;
      expect(offTheDeletedJob(startFields, deleted)).toEqual({
        ...startFields,
        type: 'Unassigned',
        jobId: null,
        jobName: null,
        customerId: null,
        customerName: null,
        label: 'Gutter cleaning',
      });
      expect(offTheDeletedJob({ ...startFields, label: 'Front side' }, deleted).label).toBe(
        'Gutter cleaning: Front side',
      );
      expect(reviewWhat('start', { ...fields, endDateTime: at('19:00') })).toBe(
        'Started and stopped a timer on Lawn care',
      );
    });
  });
});
