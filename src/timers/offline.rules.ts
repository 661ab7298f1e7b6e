import { DateTime } from 'luxon';
import { ConflictError } from '../core/errors';
import { TIMER_LABEL_MAX } from './timer.rules';
import type { DeviceClockOff, JobDeletedMeanwhile, TimeReviewRequest, TimerEvent, TimerFields } from './timers.events';

/*
 * The rules for what a phone sends later, from its outbox (issue #29 items 5 and 6): a command whose meta carries
 * `deviceAt`, when the person acted on the phone, and `at`, when it reached us. Each refusal or review is said in
 * words the person (or the manager) reads; nothing is dropped silently. docs/timers.md has the rules in full.
 */

/**
 * A phone's instant may be this much later than when it reached us and still count as now: phones' clocks drift by
 * seconds to a few minutes, and a request takes its time on a slow network. Beyond it, the clock is ahead.
 */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** '45 minutes', '3 hours 20 minutes', '14 hours', '30 hours': how far apart two instants are, in words. */
export function durationInWords(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 60) return plural(minutes, 'minute');
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (rest === 0 || hours >= 24) return plural(Math.round(minutes / 60), 'hour');
  return `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/**
 * Where an instant the phone sent stands against when it reached us: null within the bounds, else how far off. Later
 * than that moment (beyond the tolerance) is always off; `pastBound`: more than `limitHours` before it is off too.
 */
export function clockOff(
  instant: string,
  receivedAt: string,
  limitHours: number,
  pastBound: boolean,
): DeviceClockOff | null {
  const offset = Date.parse(instant) - Date.parse(receivedAt);
  if (Number.isNaN(offset)) return null; // not a date: the timer's own rules name it
  const off = offset > CLOCK_TOLERANCE_MS || (pastBound && -offset > limitHours * 3_600_000);
  return off ? { offsetMinutes: Math.round(offset / 60_000), limitHours } : null;
}

/**
 * How far ahead of when it reached us a phone's clock may be and its time still go to a manager's review; further
 * ahead, the clock is plainly wrong and the time is refused (issue #44 item 1: bounded, like every tracked time).
 */
export const REVIEWED_CLOCK_AHEAD_MAX_MS = 30 * 86_400_000;

/**
 * The latest instant a time may reach (timeBoundsProblem): now and the tolerance for a change made online; for one a
 * phone sent later, as far ahead as a review may hold (its clock ahead sends it to review, not a refusal).
 */
export function latestInstant(meta: { at: string; deviceAt?: string }): string {
  const ahead = meta.deviceAt ? REVIEWED_CLOCK_AHEAD_MAX_MS : CLOCK_TOLERANCE_MS;
  return new Date(Date.parse(meta.at) + ahead).toISOString();
}

/** An instant within the tolerance ahead of when it reached us is taken as that moment (never a time still to come). */
export const notAfter = (instant: string, receivedAt: string) =>
  Date.parse(instant) > Date.parse(receivedAt) ? receivedAt : instant;

/** What the phone sent that a manager reviews: a start, a stop, or an edit's end. */
export type ReviewedAct = 'start' | 'stop' | 'edit';

const ACT_INSTANT: Record<ReviewedAct, string> = { start: 'start', stop: 'stop', edit: 'end' };

/** Why a review was asked for, as the manager reads it on Home. */
export function reviewReason(act: ReviewedAct, clock: DeviceClockOff): string {
  const off = durationInWords(clock.offsetMinutes * 60_000);
  if (clock.offsetMinutes > 0)
    return `The phone's clock was ${off} ahead: its ${ACT_INSTANT[act]} was later than when it reached us.`;
  return (
    `The start was ${off} before it reached us, more than the limit of ${plural(clock.limitHours, 'hour')}: ` +
    'the phone was offline that long, or its clock is behind.'
  );
}

/** The answer the phone shows when what it sent went to a manager's review. */
export function sentForReviewMessage(act: ReviewedAct, clock: DeviceClockOff): string {
  const off = durationInWords(clock.offsetMinutes * 60_000);
  const what = act === 'edit' ? 'edit' : act;
  if (clock.offsetMinutes > 0)
    return `Your phone's clock was ${off} ahead, so this ${what} was sent to a manager for review.`;
  return (
    `This start was ${off} before it reached us, more than your organization's limit of ` +
    `${plural(clock.limitHours, 'hour')}, so it was sent to a manager for review.`
  );
}

/** A stop whose end is ahead of our clock, for a start waiting for review: the manager would get a time to come. */
export function stopAheadMessage(clock: DeviceClockOff): string {
  return (
    `Your phone's clock was ${durationInWords(clock.offsetMinutes * 60_000)} ahead, so this stop was not added ` +
    "to the time waiting for a manager's review. Tell them when you stopped."
  );
}

/**
 * How many times one person may have waiting for a manager's review (issue #44 item 3): enough for a long day
 * offline, too few for one phone to bury the others' in the managers' list.
 */
export const MAX_PENDING_REVIEWS = 20;
export const TOO_MANY_REVIEWS =
  `${MAX_PENDING_REVIEWS} times you sent from a phone are waiting for a manager's review already, so this one was ` +
  'not applied. Ask a manager to answer those first.';

/**
 * An instant as a person reads it in the organization's zone: '4:10 PM' on the day `today` falls on, else
 * 'Tue 3 Mar, 4:10 PM'.
 */
export function timeInWords(instant: string, zone: string, today: string): string {
  const at = DateTime.fromISO(instant, { zone: 'utc' }).setZone(zone).setLocale('en-US');
  const day = DateTime.fromISO(today, { zone: 'utc' }).setZone(zone);
  return at.hasSame(day, 'day') ? at.toFormat('h:mm a') : at.toFormat('ccc d LLL, h:mm a');
}

/** One of a timer's events with who did it and when they did it (on their device, for one sent later). */
export interface ActedEvent {
  event: TimerEvent;
  actorUserId: string | null;
  /** The device's time for a command sent later, else when it reached us. */
  actedAt: string;
  commandId?: string;
}

/** When a recorded event's person acted: on the device for one sent later (offline), else when it reached us. */
export const actedAt = (metadata: { timestamp: string; deviceTime?: string }) =>
  metadata.deviceTime ?? metadata.timestamp;

/** What a change sent later asks, and what the handler knows to word the outcome. */
export interface OfflineChange {
  /** The timer's events so far, oldest first. */
  history: ActedEvent[];
  changes: Partial<TimerFields>;
  deviceAt: string;
  receivedAt: string;
  /** The command's own id: its events, delivered before, are not someone else's change. */
  commandId?: string;
  actorUserId: string;
  /** Names of the people in `history` (their full names). */
  nameOf: (userId: string | null) => string;
  zone: string;
}

/** Whose change it was, in the sentence: someone else, or the same person on another device. */
function voice(event: ActedEvent, change: OfflineChange) {
  const self = event.actorUserId !== null && event.actorUserId === change.actorUserId;
  return self
    ? { who: 'You', where: ' on another device', phones: "this phone's", Phones: "This phone's" }
    : { who: change.nameOf(event.actorUserId), where: '', phones: "your phone's", Phones: 'Your' };
}

/** A stop carries the end alone (and the ending mileage), as the timer's stop control sends it; anything else is an edit. */
export const isStopOnly = (changes: Partial<TimerFields>) =>
  changes.end !== undefined &&
  changes.end !== null &&
  Object.keys(changes).every((field) => field === 'end' || field === 'mileageEnd');

/**
 * Decides a stop or edit of one timer sent later from a phone, against what happened to the timer meanwhile:
 * - deleted: refused, naming who deleted it and when;
 * - a stop of a timer that has stopped already (on another device, or by a manager): refused, naming who stopped it
 *   and when; of one still running that someone changed after the device's time: applied, with a note saying so
 *   (the stop carries only the end, so what they changed stays as they left it);
 * - an edit of a timer someone changed or stopped after the device's time: refused, naming who and when;
 * - nothing after the device's time: applied as sent.
 * Throws ConflictError (409) in words; returns the note for the answer, if any.
 */
export function decideOfflineChange(change: OfflineChange): { note: string | null } {
  const { history, changes, deviceAt, zone, receivedAt } = change;
  const t = (instant: string) => timeInWords(instant, zone, receivedAt);
  const ownEvent = (e: ActedEvent) => !!change.commandId && e.commandId === change.commandId;
  const last = history[history.length - 1];
  const stoppable = history[0]?.event.type === 'TimerStarted';
  const isStop = stoppable && isStopOnly(changes);
  const act = isStop ? 'stop' : 'edit';
  if (last?.event.type === 'TimerDeleted') {
    const v = voice(last, change);
    throw new ConflictError(
      `${v.who} deleted this timer${v.where} at ${t(last.actedAt)}. ${v.Phones} ${act} was not applied.`,
    );
  }
  const later = history.filter(
    (e) =>
      (e.event.type === 'TimerChanged' || e.event.type === 'TimerStopped') &&
      Date.parse(e.actedAt) > Date.parse(deviceAt) &&
      !ownEvent(e),
  );
  if (isStop) {
    const stopped = history.find((e) => e.event.type === 'TimerStopped' && !ownEvent(e));
    const phoneStop = t(changes.end!);
    if (stopped) {
      const v = voice(stopped, change);
      throw new ConflictError(
        `${v.who} stopped this timer${v.where} at ${t(stopped.actedAt)}, before ${v.phones} stop (${phoneStop}) arrived. ` +
          `${v.Phones} stop was not applied.`,
      );
    }
    if (later.length === 0) return { note: null };
    // Still running: the stop applies; it carries only the end, so what the others changed stays as they left it.
    const latest = later[later.length - 1];
    const v = voice(latest, change);
    return {
      note:
        `${v.who} changed this timer${v.where} at ${t(latest.actedAt)} while your phone was offline. ` +
        `${v.Phones} stop (${phoneStop}) was applied and ${v.who === 'You' ? 'those' : 'their'} changes were kept.`,
    };
  }
  if (later.length === 0) return { note: null };
  const latest = later[later.length - 1];
  const v = voice(latest, change);
  const did = latest.event.type === 'TimerStopped' ? 'stopped this timer' : 'changed this time';
  throw new ConflictError(
    `${v.who} ${did}${v.where} at ${t(latest.actedAt)}, after ${v.phones} edit (${t(deviceAt)}). ` +
      `${v.Phones} edit was not applied.`,
  );
}

/** An offline start refused because another timer of the person runs (one running timer per person). */
export function otherTimerRunning(runningStart: string, phoneStart: string, zone: string, receivedAt: string): string {
  const t = (instant: string) => timeInWords(instant, zone, receivedAt);
  return (
    `A timer started at ${t(runningStart)} on another device is already running. ` +
    `This phone's start (${t(phoneStart)}) was not applied.`
  );
}

/** 'Mona Customer deleted the job Gutter cleaning at 4:10 PM while', the start of the sentences below. */
const jobDeletedWhile = (deleted: JobDeletedMeanwhile, zone: string, today: string) =>
  `${deleted.deletedByName} deleted the job ${deleted.jobName} at ${timeInWords(deleted.deletedAt, zone, today)} while`;

/** Why a start on a job deleted meanwhile waits for a manager, and what approving does (issue #44 item 5). */
export function jobDeletedReason(deleted: JobDeletedMeanwhile, zone: string, today: string): string {
  return (
    `${jobDeletedWhile(deleted, zone, today)} the phone was offline. ` +
    `Approving keeps it as an Unassigned time labelled ${deleted.jobName}.`
  );
}

/** The phone's answer to a start on a job deleted meanwhile. */
export function jobDeletedMessage(deleted: JobDeletedMeanwhile, zone: string, today: string): string {
  return `${jobDeletedWhile(deleted, zone, today)} your phone was offline, so this time was sent to a manager for review.`;
}

/** The phone's answer to a stop that joined its start waiting for review. */
export function stopAddedMessage(
  deleted: JobDeletedMeanwhile | null,
  end: string,
  zone: string,
  today: string,
): string {
  const stop = `Your stop (${timeInWords(end, zone, today)})`;
  return deleted
    ? `${jobDeletedWhile(deleted, zone, today)} your phone was offline. ${stop} was added to the time sent to a manager for review.`
    : `This time's start is waiting for a manager's review. ${stop} was added to it.`;
}

/**
 * A start on a deleted job, approved: an Unassigned time labelled with the job's name (and the phone's label after
 * it), since there is no job to put it on.
 */
export function offTheDeletedJob(
  fields: Omit<TimerFields, 'end' | 'mileageEnd'>,
  deleted: JobDeletedMeanwhile,
): Omit<TimerFields, 'end' | 'mileageEnd'> {
  const label = (fields.label ? `${deleted.jobName}: ${fields.label}` : deleted.jobName).slice(0, TIMER_LABEL_MAX);
  return { ...fields, type: 'Unassigned', jobId: null, jobName: null, customerId: null, customerName: null, label };
}

/** What a review holds: a start, a stop (the end alone, of a running timer), or an edit. */
export function reviewAct(request: TimeReviewRequest): ReviewedAct {
  if (request.kind === 'start') return 'start';
  return request.before.end === null && isStopOnly(request.changes) ? 'stop' : 'edit';
}

/** The phone's stop of a start waiting for review, sent behind it. */
export type ReviewStop = { end: string; mileageEnd: number | null };

/** The time as it would be once a review is approved (a start with the stop sent behind it, if any). */
export function reviewedTimer(request: TimeReviewRequest, stop: ReviewStop | null = null): TimerFields {
  return request.kind === 'start'
    ? { ...request.fields, end: stop?.end ?? null, mileageEnd: stop?.mileageEnd ?? null }
    : { ...request.before, ...request.changes };
}

/**
 * What the phone did, in words for the manager: 'Started a timer on Lawn care', 'Stopped the mileage timer', and
 * 'Started and stopped a timer on Lawn care' for a start whose stop followed it to the review.
 */
export function reviewWhat(
  act: ReviewedAct,
  timer: Pick<TimerFields, 'type' | 'jobName' | 'label'> & { endDateTime?: string | null },
): string {
  const kind = timer.type === 'Mileage' ? 'mileage timer' : 'timer';
  const start = act === 'start' && timer.endDateTime ? `Started and stopped a ${kind}` : `Started a ${kind}`;
  const verb = { start, stop: `Stopped the ${kind}`, edit: 'Changed the tracked time' }[act];
  if (timer.type === 'Job' && timer.jobName) return `${verb} on ${timer.jobName}`;
  return timer.label ? `${verb}: ${timer.label}` : verb;
}
