import { DateTime, IANAZone } from 'luxon';
import { escapeText, foldLine, paramValue, utcDateTime } from '../core/ics';
import { fromWallMs, isoDate, isoInstant, offsetMinutes, toWallMs } from '../core/zoned-time';
import { isPlannedOn, plannedBetween, plannedStart, RecurrenceRule, SeriesTiming } from '../scheduling/recurrence';

/**
 * A person's calendar feed (an .ics subscription) as RFC 5545 text. Pure: the stamp arrives as an argument.
 * Series are written as one VEVENT with an RRULE that a calendar expands to exactly the occurrences
 * scheduling's plannedBetween gives: the rule on the zone's wall clock (TZID, with a VTIMEZONE made from
 * the zone's real transitions), removed occurrences as EXDATEs, changed ones as RECURRENCE-ID VEVENTs.
 *
 * A local time names one instant except in the hour a DST change repeats (two) or skips (none). RFC 5545 (§3.3.5,
 * FORM #3) reads the first of two, and a skipped time shifted forward by the gap; readers differ (ical.js and
 * node-ical read the second of two, and place or drop a skipped time each their own way). So no instant is left to
 * a reader's choice: a time whose wall clock is ambiguous is written in UTC, and an occurrence of a series whose wall
 * time that day repeats or does not exist is excluded from the RRULE and written as an event of its own.
 */

/** What an event shows: summary, customer, address (LOCATION) and notes. */
export interface FeedEventText {
  /** The job's name. */
  summary: string;
  /** The customer's address. */
  location: string | null;
  /** The customer's name, the job's number/type and notes, each on its own line: DESCRIPTION. */
  description: string | null;
  status: 'CONFIRMED' | 'CANCELLED';
}

/** A one-time job, or one occurrence shown on its own (the person is on it but not on its series). */
export interface FeedSingle extends FeedEventText {
  kind: 'single';
  /** E.g. `job-<id>@crewclock`: the caller decides; written as given (escaped). */
  uid: string;
  /** Rises with each change. */
  sequence: number;
  /** UTC ISO instants. */
  start: string;
  end: string;
}

/** A recurring job: one VEVENT with RRULE, EXDATEs for removed occurrences, one VEVENT per changed occurrence. */
export interface FeedSeries extends FeedEventText {
  kind: 'series';
  uid: string;
  /**
   * The UID of an occurrence written as an event of its own (on a day the series' wall time repeats or does not
   * exist), by its planned local date: the one the caller gives it when it holds that occurrence apart.
   */
  occurrenceUid: (plannedDate: string) => string;
  sequence: number;
  /** The series' first occurrence's start as stored (UTC ISO); its wall time in timeZone is every occurrence's. */
  start: string;
  durationMinutes: number;
  rule: RecurrenceRule;
  /** Planned local dates (YYYY-MM-DD) of occurrences not in this feed (deleted, or not this person's). */
  excludedDates: string[];
  /** Occurrences that differ from the series: each by its planned local date, with its own start/end and text. */
  changed: FeedChangedOccurrence[];
}

export type FeedChangedOccurrence = FeedEventText & {
  plannedDate: string;
  start: string;
  end: string;
  sequence: number;
};

export type FeedEntry = FeedSingle | FeedSeries;

export interface CalendarFeed {
  /** X-WR-CALNAME, e.g. "CrewClock · Abe Associate". */
  name: string;
  /** The organization's IANA zone: every local time is written with TZID=<zone>, with a VTIMEZONE for it. */
  timeZone: string;
  /** DTSTAMP of every event (UTC ISO): when the feed was made. */
  stamp: string;
  /** The window the feed covers (UTC ISO). */
  from: string;
  to: string;
  entries: FeedEntry[];
}

const DAY_MS = 86_400_000;

/**
 * How the feed is written, raised when the same content comes out as other text (2: no local time left ambiguous,
 * issue #44): the ETag holds it, so a calendar polling with an ETag of the old text gets the new one, not a 304.
 */
export const FEED_WRITING = 2;

function instantMs(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${iso}`);
  return ms;
}

/** A wall-clock time (encoded as UTC ms, as zoned-time's) → 20261019T090000, a local DATE-TIME (§3.3.5 form #3). */
const localDateTime = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 19).replace(/[-:]/g, '');

/** The series' wall-clock time of day, in ms since local midnight. */
const timeOfDayMs = (start: string, timeZone: string) => toWallMs(instantMs(start), timeZone) % DAY_MS;

/**
 * A planned local date at the series' time of day, as a wall time: the instance its RRULE generates that day. Not
 * the planned instant's wall time, which is an hour later on a day a DST change skips the time.
 */
const plannedWallMs = (localDate: string, timeOfDay: number) => instantMs(`${localDate}T00:00:00Z`) + timeOfDay;

/**
 * The instants a wall-clock time names in a zone: one, none (a DST change skips it) or two (one repeats it). Each
 * is the wall time less an offset the zone has within a day of it (zones change offset at most once a day).
 */
function instantsNamed(wallMs: number, zone: string): number[] {
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((d) => offsetMinutes(zone, wallMs + d)));
  return [...offsets]
    .map((offset) => wallMs - offset * 60_000)
    .filter((ms) => toWallMs(ms, zone) === wallMs)
    .sort((a, b) => a - b);
}

/** Whether a wall time names exactly one instant: then any reader places a local DATE-TIME there. */
const unambiguous = (wallMs: number, zone: string) => instantsNamed(wallMs, zone).length === 1;

/**
 * The RRULE value (§3.3.10) of a series whose stored start is `start`: what scheduling's toRRule expands, with
 * UNTIL as a UTC instant (required with a TZID DTSTART). Write it with DTSTART at the series' first occurrence:
 * RFC 5545 counts DTSTART as an instance even when the rule does not match it; rrule.js does not.
 */
export function rruleOf(rule: RecurrenceRule, start: string, timeZone: string): string {
  const parts: string[] = [];
  switch (rule.frequency) {
    case 'Daily':
      parts.push('FREQ=DAILY');
      break;
    case 'Weekly':
      // WEEKLY counts its INTERVAL from DTSTART's week (from WKST): scheduling's weeks count from the first
      // occurrence's, so the phase agrees when DTSTART is that occurrence.
      parts.push(
        'FREQ=WEEKLY',
        `INTERVAL=${rule.weeklyRecurrence}`,
        `BYDAY=${rule.days.map((d) => d.slice(0, 2).toUpperCase()).join(',')}`,
        'WKST=MO',
      );
      break;
    case 'Monthly': {
      const day = new Date(toWallMs(instantMs(start), timeZone)).getUTCDate();
      // In months too short for the day, on their last day (as scheduling expands it). The 31st is every month's
      // last day: BYMONTHDAY=-1 says so without BYSETPOS, which fewer readers honour (ical.js 2.2.1 ignores it).
      if (day <= 28) parts.push('FREQ=MONTHLY', `BYMONTHDAY=${day}`);
      else if (day === 31) parts.push('FREQ=MONTHLY', 'BYMONTHDAY=-1');
      else
        parts.push(
          'FREQ=MONTHLY',
          `BYMONTHDAY=${Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',')}`,
          'BYSETPOS=-1',
        );
      break;
    }
  }
  if (rule.expireDate !== null) parts.push(`UNTIL=${utcDateTime(isoInstant(untilMs(rule.expireDate, timeZone)))}`);
  return parts.join(';');
}

/**
 * The last instant of the expiry date's local day: the next midnight less a second, which is right too on a day
 * whose midnight a DST change skips or repeats.
 */
const untilMs = (expireDate: string, timeZone: string) =>
  fromWallMs(instantMs(`${expireDate}T00:00:00Z`) + DAY_MS, timeZone) - 1000;

/** Days within which a series has its next occurrence: N weeks on for Weekly, a month at most. */
const periodDays = (rule: RecurrenceRule) => (rule.frequency === 'Weekly' ? 7 * (rule.weeklyRecurrence + 1) : 32);

/** The series' first occurrence at or after its stored start, or null when the rule yields none. */
function firstOccurrence(timing: SeriesTiming): { start: string; localDate: string } | null {
  const start = instantMs(timing.start);
  // A millisecond before the start: plannedBetween takes overlaps, and a 0-minute occurrence at `from` has none.
  return plannedBetween(timing, new Date(start - 1), new Date(start + periodDays(timing.rule) * DAY_MS))[0] ?? null;
}

/**
 * The series' first occurrence whose wall time names one instant: the RRULE's DTSTART. A DTSTART the reader must
 * guess would move every occurrence (node-ical expands from the instant it picks). Null when there is none.
 */
function firstClearOccurrence(timing: SeriesTiming): { start: string; localDate: string } | null {
  const timeOfDay = timeOfDayMs(timing.start, timing.timeZone);
  const days = periodDays(timing.rule);
  let next = firstOccurrence(timing);
  // Days whose wall time repeats or is skipped come at most twice a year: the next occurrence or so is clear.
  while (next) {
    if (unambiguous(plannedWallMs(next.localDate, timeOfDay), timing.timeZone)) return next;
    const after = instantMs(next.start);
    next =
      plannedBetween(timing, new Date(after), new Date(after + days * DAY_MS)).find(
        (o) => instantMs(o.start) > after,
      ) ?? null;
  }
  return null;
}

/** The local dates around the zone's offset changes in [from, to), a day either side: where a wall time may be unclear. */
function changeDates(timeZone: string, from: number, to: number): string[] {
  const zone = IANAZone.create(timeZone);
  const dates = new Set<string>();
  for (let year = new Date(from - DAY_MS).getUTCFullYear(); year <= new Date(to + DAY_MS).getUTCFullYear(); year++)
    for (const t of yearTransitions(zone, year))
      if (t.at >= from - DAY_MS && t.at < to + DAY_MS)
        for (const ms of [t.at - DAY_MS, t.at, t.at + DAY_MS]) dates.add(isoDate(toWallMs(ms, timeZone)));
  return [...dates].sort();
}

/** A zone's offset change: `at` is the first instant on `after`; offsets in minutes east of UTC. */
interface ZoneTransition {
  at: number;
  before: number;
  after: number;
}

/**
 * The zone's offset changes in a UTC calendar year, found by comparing offsets a day apart and bisecting to the
 * second (zones change offset at most once a day).
 */
function yearTransitions(zone: IANAZone, year: number): ZoneTransition[] {
  const out: ZoneTransition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let at = Date.UTC(year, 0, 1);
  let offset = zone.offset(at);
  while (at < end) {
    const next = Math.min(at + DAY_MS, end);
    const nextOffset = zone.offset(next);
    if (nextOffset !== offset) {
      let lo = at;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (zone.offset(mid) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, before: offset, after: nextOffset });
    }
    at = next;
    offset = nextOffset;
  }
  return out;
}

/** ±HHMM (or ±HHMMSS) from minutes east of UTC (§3.3.14). */
function utcOffset(minutes: number): string {
  const seconds = Math.round(Math.abs(minutes) * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hhmm = `${pad(Math.floor(seconds / 3600))}${pad(Math.floor(seconds / 60) % 60)}`;
  return `${minutes < 0 ? '-' : '+'}${hhmm}${seconds % 60 ? pad(seconds % 60) : ''}`;
}

/** The zone's short name at an instant when it has one ("EST"); "GMT+9" says no more than the offset. */
function shortName(timeZone: string, ms: number): string | null {
  const name = DateTime.fromMillis(ms, { zone: timeZone, locale: 'en-US' }).offsetNameShort;
  return name && /^[A-Z]{2,6}$/i.test(name) ? name : null;
}

function observance(timeZone: string, at: number, dtstart: string, before: number, after: number): string[] {
  const kind = DateTime.fromMillis(at, { zone: timeZone }).isInDST ? 'DAYLIGHT' : 'STANDARD';
  const name = shortName(timeZone, at);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${utcOffset(before)}`,
    `TZOFFSETTO:${utcOffset(after)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
}

const vtimezones = new Map<string, string[]>();

/**
 * The VTIMEZONE (§3.6.5) of an IANA zone over whole UTC years from a year before `from` to a year after `to`:
 * one observance per real transition, its DTSTART the local time before the change, and one for the offset in
 * force at the start. Whole years keep it the same text as the window moves on, and let it be cached: scanning
 * a zone's offsets costs milliseconds, and every feed of an organization asks for the same years.
 */
export function vtimezoneLines(timeZone: string, from: string, to: string): string[] {
  if (!IANAZone.isValidZone(timeZone)) throw new Error(`not an IANA time zone: ${timeZone}`);
  const firstYear = new Date(instantMs(from)).getUTCFullYear() - 1;
  const lastYear = new Date(instantMs(to)).getUTCFullYear() + 1;
  const key = `${timeZone}|${firstYear}|${lastYear}`;
  const cached = vtimezones.get(key);
  if (cached) return cached;

  const zone = IANAZone.create(timeZone);
  const transitions: ZoneTransition[] = [];
  for (let year = firstYear; year <= lastYear; year++) transitions.push(...yearTransitions(zone, year));
  const start = Date.UTC(firstYear, 0, 1);
  const offset = zone.offset(start);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(
      timeZone,
      start,
      transitions.length ? localDateTime(start + offset * 60_000) : '19700101T000000',
      offset,
      offset,
    ),
    ...transitions.flatMap((t) =>
      observance(timeZone, t.at, localDateTime(t.at + t.before * 60_000), t.before, t.after),
    ),
    'END:VTIMEZONE',
  ];
  if (vtimezones.size > 500) vtimezones.clear();
  vtimezones.set(key, lines);
  return lines;
}

function textLines(text: FeedEventText): string[] {
  return [
    `SUMMARY:${escapeText(text.summary)}`,
    ...(text.location ? [`LOCATION:${escapeText(text.location)}`] : []),
    ...(text.description ? [`DESCRIPTION:${escapeText(text.description)}`] : []),
    `STATUS:${text.status}`,
    'TRANSP:OPAQUE',
  ];
}

/** The feed as an .ics file's text: CRLF line endings, folded lines. */
export function calendarFeed(feed: CalendarFeed): string {
  const steps = feedSteps(feed);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * calendarFeed for a request: an organization's feed holds tens of thousands of events (100 ms and more of text), so
 * `pause` gives the event loop back between them (a TurnBudget's `spent`).
 */
export async function calendarFeedWithPauses(feed: CalendarFeed, pause: () => Promise<void>): Promise<string> {
  const steps = feedSteps(feed);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The feed written an event at a time: yields after each, returns the text. */
function* feedSteps(feed: CalendarFeed): Generator<void, string> {
  const zone = feed.timeZone;
  if (!IANAZone.isValidZone(zone)) throw new Error(`not an IANA time zone: ${zone}`);
  const tzid = `TZID=${paramValue(zone, 'if-needed')}`;
  const stamp = `DTSTAMP:${utcDateTime(feed.stamp)}`;
  // Every instant written in local time: the VTIMEZONE must cover them all (from the first to the last).
  let earliest = Math.min(instantMs(feed.from), instantMs(feed.to));
  let latest = Math.max(instantMs(feed.from), instantMs(feed.to));
  const written = (ms: number) => {
    if (ms < earliest) earliest = ms;
    if (ms > latest) latest = ms;
  };
  const local = (name: string, wallMs: number) => {
    written(fromWallMs(wallMs, zone));
    return `${name};${tzid}:${localDateTime(wallMs)}`;
  };
  /** DTSTART and DTEND in the zone's time, or both in UTC when either's wall time repeats (a reader would guess). */
  const span = (start: string, end: string) => {
    const [startWall, endWall] = [toWallMs(instantMs(start), zone), toWallMs(instantMs(end), zone)];
    return unambiguous(startWall, zone) && unambiguous(endWall, zone)
      ? [local('DTSTART', startWall), local('DTEND', endWall)]
      : [`DTSTART:${utcDateTime(start)}`, `DTEND:${utcDateTime(end)}`];
  };
  // The days of the window where a series' wall time may repeat or not exist (looked for once: it costs a scan).
  const unclearDays = changeDates(zone, instantMs(feed.from), instantMs(feed.to));

  // Each event's lines folded and joined as it is written: the steps between are where the loop gets its turns.
  const events: string[] = [];
  const event = (...lines: string[]) => events.push(lines.map(foldLine).join('\r\n'));
  const single = (uid: string, sequence: number, start: string, end: string, text: FeedEventText) =>
    event(
      'BEGIN:VEVENT',
      `UID:${escapeText(uid)}`,
      `SEQUENCE:${sequence}`,
      stamp,
      ...span(start, end),
      ...textLines(text),
      'END:VEVENT',
    );
  for (const entry of feed.entries) {
    yield;
    if (entry.kind === 'single') {
      single(entry.uid, entry.sequence, entry.start, entry.end, entry);
      continue;
    }
    const timing: SeriesTiming = {
      start: entry.start,
      durationMinutes: entry.durationMinutes,
      timeZone: zone,
      rule: entry.rule,
    };
    const first = firstClearOccurrence(timing);
    const timeOfDay = timeOfDayMs(entry.start, zone);
    const clear = (date: string) => unambiguous(plannedWallMs(date, timeOfDay), zone);
    const changed = new Map(entry.changed.map((c) => [c.plannedDate, c]));
    const excluded = new Set(entry.excludedDates);
    // On a day the series' wall time repeats or is skipped, in the window or changed on its own: an event apart.
    const apart = [...new Set([...unclearDays, ...changed.keys()])]
      .filter((date) => !clear(date) && !excluded.has(date) && isPlannedOn(timing, date))
      .sort();
    for (const date of apart) {
      const occurrence = changed.get(date);
      const start = occurrence?.start ?? plannedStart(timing, date);
      const end = occurrence?.end ?? isoInstant(instantMs(start) + entry.durationMinutes * 60_000);
      single(entry.occurrenceUid(date), occurrence?.sequence ?? entry.sequence, start, end, occurrence ?? entry);
      changed.delete(date);
    }
    if (!first) continue;
    const uid = `UID:${escapeText(entry.uid)}`;
    if (entry.rule.expireDate !== null) written(untilMs(entry.rule.expireDate, zone));
    // An unclear day's instance is excluded by its local date (VALUE=DATE, which ical.js, libical and node-ical compare
    // by day; a series has one occurrence a day): a local time would be placed by each reader its own way (node-ical
    // reads the RRULE's instance as the first of two and an EXDATE as the second). One EXDATE an instance: ical.js
    // steps through them one per instance, so a second one for the same instance hides the next exclusion.
    const exdates = [...new Set([...excluded, ...apart])]
      .sort()
      .map((date) =>
        clear(date) ? local('EXDATE', plannedWallMs(date, timeOfDay)) : `EXDATE;VALUE=DATE:${date.replace(/-/g, '')}`,
      );
    event(
      'BEGIN:VEVENT',
      uid,
      `SEQUENCE:${entry.sequence}`,
      stamp,
      local('DTSTART', plannedWallMs(first.localDate, timeOfDay)),
      // Exact minutes (dur-time): scheduling adds the duration in absolute time, across a DST change too.
      `DURATION:PT${entry.durationMinutes}M`,
      `RRULE:${rruleOf(entry.rule, entry.start, zone)}`,
      ...exdates,
      ...textLines(entry),
      'END:VEVENT',
    );
    for (const occurrence of changed.values())
      event(
        'BEGIN:VEVENT',
        uid,
        `SEQUENCE:${occurrence.sequence}`,
        stamp,
        local('RECURRENCE-ID', plannedWallMs(occurrence.plannedDate, timeOfDay)),
        ...span(occurrence.start, occurrence.end),
        ...textLines(occurrence),
        'END:VEVENT',
      );
  }

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CrewClock//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `X-WR-TIMEZONE:${escapeText(zone)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezoneLines(zone, isoInstant(earliest), isoInstant(latest)),
  ];
  const head = lines.map(foldLine).join('\r\n');
  return `${[head, ...events, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}
