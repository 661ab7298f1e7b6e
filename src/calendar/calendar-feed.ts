import { DateTime, IANAZone } from 'luxon';
import { escapeText, foldLine, paramValue, utcDateTime } from '../core/ics';
import { fromWallMs, isoInstant, toWallMs } from '../core/zoned-time';
import { plannedBetween, RecurrenceRule, SeriesTiming } from '../scheduling/recurrence';

/**
 * A person's calendar feed (an .ics subscription) as RFC 5545 text. Pure: the stamp arrives as an argument.
 * Series are written as one VEVENT with an RRULE that a calendar expands to exactly the occurrences
 * scheduling's plannedBetween gives: the rule on the zone's wall clock (TZID, with a VTIMEZONE made from
 * the zone's real transitions), removed occurrences as EXDATEs, changed ones as RECURRENCE-ID VEVENTs.
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

/** The series' first occurrence at or after its stored start, or null when the rule yields none. */
function firstOccurrence(timing: SeriesTiming): { start: string; localDate: string } | null {
  const start = instantMs(timing.start);
  // The first period with an occurrence is the stored start's or the next: N weeks on for Weekly, a month at most.
  const days = timing.rule.frequency === 'Weekly' ? 7 * (timing.rule.weeklyRecurrence + 1) : 32;
  // A millisecond before the start: plannedBetween takes overlaps, and a 0-minute occurrence at `from` has none.
  return plannedBetween(timing, new Date(start - 1), new Date(start + days * DAY_MS))[0] ?? null;
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
  const localAt = (name: string, iso: string) => local(name, toWallMs(instantMs(iso), zone));

  // Each event's lines folded and joined as it is written: the steps between are where the loop gets its turns.
  const events: string[] = [];
  const event = (...lines: string[]) => events.push(lines.map(foldLine).join('\r\n'));
  for (const entry of feed.entries) {
    yield;
    if (entry.kind === 'single') {
      event(
        'BEGIN:VEVENT',
        `UID:${escapeText(entry.uid)}`,
        `SEQUENCE:${entry.sequence}`,
        stamp,
        localAt('DTSTART', entry.start),
        localAt('DTEND', entry.end),
        ...textLines(entry),
        'END:VEVENT',
      );
      continue;
    }
    const timing: SeriesTiming = {
      start: entry.start,
      durationMinutes: entry.durationMinutes,
      timeZone: zone,
      rule: entry.rule,
    };
    const first = firstOccurrence(timing);
    if (!first) continue;
    const timeOfDay = timeOfDayMs(entry.start, zone);
    const uid = `UID:${escapeText(entry.uid)}`;
    if (entry.rule.expireDate !== null) written(untilMs(entry.rule.expireDate, zone));
    event(
      'BEGIN:VEVENT',
      uid,
      `SEQUENCE:${entry.sequence}`,
      stamp,
      local('DTSTART', plannedWallMs(first.localDate, timeOfDay)),
      // Exact minutes (dur-time): scheduling adds the duration in absolute time, across a DST change too.
      `DURATION:PT${entry.durationMinutes}M`,
      `RRULE:${rruleOf(entry.rule, entry.start, zone)}`,
      ...[...new Set(entry.excludedDates)].sort().map((date) => local('EXDATE', plannedWallMs(date, timeOfDay))),
      ...textLines(entry),
      'END:VEVENT',
    );
    for (const occurrence of entry.changed)
      event(
        'BEGIN:VEVENT',
        uid,
        `SEQUENCE:${occurrence.sequence}`,
        stamp,
        local('RECURRENCE-ID', plannedWallMs(occurrence.plannedDate, timeOfDay)),
        localAt('DTSTART', occurrence.start),
        localAt('DTEND', occurrence.end),
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
