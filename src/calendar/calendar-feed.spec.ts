import ICAL from 'ical.js';
import { byStart, icalJsOccurrences, nodeIcalOccurrences, type Occurrence } from '../../test/support/ical-reader';
import { DateTime } from 'luxon';
import { RRule } from 'rrule';
import { plannedBetween, RecurrenceRule, SeriesTiming } from '../scheduling/recurrence';
import { CalendarFeed, calendarFeed, FeedEntry, FeedSeries, rruleOf, vtimezoneLines } from './calendar-feed';

// ical.js is the independent reader: jest requires its CommonJS build (package.json "exports" → "require").
type IcalComponent = InstanceType<typeof ICAL.Component>;

const ZONE = 'America/New_York';

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  frequency: 'Daily',
  days: [],
  weeklyRecurrence: 1,
  expireDate: null,
  ...overrides,
});

const text = { location: null, description: null, status: 'CONFIRMED' as const };

const series = (overrides: Partial<FeedSeries> & Pick<FeedSeries, 'uid' | 'start' | 'rule'>): FeedSeries => ({
  kind: 'series',
  occurrenceUid: (date) => overrides.uid.replace('@', `-${date}@`),
  sequence: 0,
  summary: overrides.uid.split('@')[0],
  durationMinutes: 60,
  excludedDates: [],
  changed: [],
  ...text,
  ...overrides,
});

/** Every case the writer must get right, over two DST changes in New York (2026-11-01 and 2027-03-14). */
const entries: FeedEntry[] = [
  {
    kind: 'single',
    uid: 'job-1@crewclock',
    sequence: 2,
    start: '2026-11-03T14:00:00Z',
    end: '2026-11-03T16:00:00Z',
    summary: 'Gutters, roof; back\\side',
    location: '12 Elm St, Springfield; rear door',
    description: 'Vera Customer\n#1042 · Gutter cleaning\nDog in the yard, ring twice',
    status: 'CONFIRMED',
  },
  {
    kind: 'single',
    uid: 'job-2@crewclock',
    sequence: 0,
    start: '2027-03-15T13:00:00Z',
    end: '2027-03-15T14:00:00Z',
    summary: 'Spring check',
    ...text,
  },
  // 9:00 every day, before and after both changes.
  series({ uid: 'daily@crewclock', start: '2026-10-01T13:00:00Z', durationMinutes: 90, rule: rule({}) }),
  // Stored on a Tuesday inside the window (10:30 EDT), happening on Mondays and Wednesdays every other week.
  series({
    uid: 'weekly@crewclock',
    start: '2026-10-20T14:30:00Z',
    durationMinutes: 120,
    rule: rule({ frequency: 'Weekly', days: ['monday', 'wednesday'], weeklyRecurrence: 2 }),
  }),
  // On the 31st: 30 November, 28 February, 31 March.
  series({ uid: 'monthly@crewclock', start: '2026-08-31T12:00:00Z', rule: rule({ frequency: 'Monthly' }) }),
  // Fridays at 23:00 until 20 November inclusive: the last one starts 04:00 UTC the next day.
  series({
    uid: 'expiring@crewclock',
    start: '2026-09-05T03:00:00Z',
    durationMinutes: 45,
    rule: rule({ frequency: 'Weekly', days: ['friday'], expireDate: '2026-11-20' }),
  }),
  // Overnight, 22:00 for 8 hours: the nights of the changes last 9 and 7 hours on the wall clock.
  series({ uid: 'overnight@crewclock', start: '2026-10-10T02:00:00Z', durationMinutes: 480, rule: rule({}) }),
  series({
    uid: 'changed@crewclock',
    sequence: 1,
    summary: 'Lawn care',
    start: '2026-10-01T11:00:00Z',
    rule: rule({ frequency: 'Weekly', days: ['tuesday', 'thursday'] }),
    excludedDates: ['2026-11-05', '2026-10-27', '2027-03-16'],
    changed: [
      {
        plannedDate: '2026-11-03',
        start: '2026-11-03T18:00:00Z',
        end: '2026-11-03T19:30:00Z',
        sequence: 3,
        summary: 'Moved: Lawn care',
        ...text,
      },
      {
        plannedDate: '2026-11-10',
        start: '2026-11-10T12:00:00Z',
        end: '2026-11-10T13:00:00Z',
        sequence: 4,
        summary: 'Lawn care',
        ...text,
        status: 'CANCELLED',
      },
      {
        plannedDate: '2027-03-18',
        start: '2027-03-18T15:00:00Z',
        end: '2027-03-18T16:00:00Z',
        sequence: 2,
        summary: 'Lawn care (late)',
        ...text,
      },
    ],
  }),
];

const feed = (from: string, to: string, more: Partial<CalendarFeed> = {}): CalendarFeed => ({
  name: 'CrewClock · Abe Associate',
  timeZone: ZONE,
  stamp: '2026-10-18T12:34:56.789Z',
  from,
  to,
  entries,
  ...more,
});

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What our own code shows in [from, to): scheduling's expansion, less the excluded, with the changed replaced. An
 * occurrence on one of the days `apart` names (where the series' wall time repeats or is skipped) is an event of its
 * own, under the series' occurrence UID.
 */
function ourOccurrences(feed: CalendarFeed, apart: string[] = []): Occurrence[] {
  const from = new Date(feed.from);
  const to = new Date(feed.to);
  const out: Occurrence[] = [];
  for (const entry of feed.entries) {
    if (entry.kind === 'single') {
      if (Date.parse(entry.start) < to.getTime() && Date.parse(entry.end) > from.getTime())
        out.push({
          uid: entry.uid,
          start: iso(Date.parse(entry.start)),
          end: iso(Date.parse(entry.end)),
          ...shown(entry),
        });
      continue;
    }
    const timing: SeriesTiming = { ...entry, timeZone: feed.timeZone };
    for (const planned of plannedBetween(timing, from, to)) {
      if (entry.excludedDates.includes(planned.localDate)) continue;
      const changed = entry.changed.find((c) => c.plannedDate === planned.localDate);
      const start = Date.parse(changed?.start ?? planned.start);
      const end = changed ? Date.parse(changed.end) : start + entry.durationMinutes * 60_000;
      const own = entry.occurrenceUid(planned.localDate);
      const uid = apart.includes(own) ? own : entry.uid;
      out.push({ uid, start: iso(start), end: iso(end), ...shown(changed ?? entry) });
    }
  }
  return out.sort(byStart);
}

const shown = (e: { summary: string; status: string }) => ({ summary: e.summary, status: e.status });

const parse = (ics: string) => new ICAL.Component(ICAL.parse(ics));

/** The file's content lines with folding undone (§3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

const vevents = (calendar: IcalComponent, uid: string) =>
  calendar.getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('uid') === uid);

afterEach(() => ICAL.TimezoneService.reset());

describe('the calendar feed', () => {
  it.each([
    ['the autumn change (2026-11-01)', '2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z'],
    ['the spring change (2027-03-14)', '2027-02-22T05:00:00Z', '2027-04-19T04:00:00Z'],
  ])('is expanded by ical.js and by node-ical to exactly our occurrences over eight weeks around %s', (_, from, to) => {
    const f = feed(from, to);
    const ours = ourOccurrences(f);
    // The fixture reaches every case: each series has occurrences on both sides of the change.
    expect(new Set(ours.map((o) => o.uid)).size).toBeGreaterThanOrEqual(6);
    for (const reader of [icalJsOccurrences, nodeIcalOccurrences]) {
      const theirs = reader(calendarFeed(f), from, to, ZONE);
      expect(theirs).toHaveLength(ours.length);
      theirs.forEach((occurrence, i) => expect(occurrence).toEqual(ours[i]));
    }
  });

  it('spells out the expected instants around the autumn change', () => {
    const theirs = icalJsOccurrences(
      calendarFeed(feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z')),
      '2026-10-19T04:00:00Z',
      '2026-12-14T05:00:00Z',
      ZONE,
    );
    const of = (uid: string) => theirs.filter((o) => o.uid === uid);
    // 9:00 EDT, then 9:00 EST.
    expect(of('daily@crewclock').map((o) => o.start)).toEqual(
      expect.arrayContaining(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z']),
    );
    // From Wednesday 21 October (not the stored Tuesday), every other week: weeks of 19 Oct, 2, 16 and 30 Nov.
    expect(of('weekly@crewclock').map((o) => o.start.slice(0, 10))).toEqual([
      '2026-10-21',
      '2026-11-02',
      '2026-11-04',
      '2026-11-16',
      '2026-11-18',
      '2026-11-30',
      '2026-12-02',
    ]);
    expect(of('monthly@crewclock').map((o) => o.start)).toEqual([
      '2026-10-31T12:00:00.000Z',
      '2026-11-30T13:00:00.000Z',
    ]);
    expect(
      of('expiring@crewclock')
        .map((o) => o.start)
        .at(-1),
    ).toBe('2026-11-21T04:00:00.000Z');
    // 22:00 EDT on 31 October for 8 hours: 05:00 EST.
    expect(of('overnight@crewclock').find((o) => o.start === '2026-11-01T02:00:00.000Z')?.end).toBe(
      '2026-11-01T10:00:00.000Z',
    );
    const changed = of('changed@crewclock');
    expect(changed.map((o) => o.start.slice(0, 10))).not.toEqual(expect.arrayContaining(['2026-10-27', '2026-11-05']));
    expect(changed).toContainEqual({
      uid: 'changed@crewclock',
      start: '2026-11-03T18:00:00.000Z',
      end: '2026-11-03T19:30:00.000Z',
      summary: 'Moved: Lawn care',
      status: 'CONFIRMED',
    });
    expect(changed.find((o) => o.start === '2026-11-10T12:00:00.000Z')?.status).toBe('CANCELLED');
  });

  it('writes a changed occurrence as a VEVENT with the master UID and a RECURRENCE-ID, a removed one as EXDATE', () => {
    const ics = calendarFeed(feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z'));
    const events = vevents(parse(ics), 'changed@crewclock');
    const [master, ...children] = events;
    expect(master.hasProperty('recurrence-id')).toBe(false);
    expect(unfolded(ics)).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;WKST=MO');
    expect(unfolded(ics)).toContain('DURATION:PT60M');
    const exdates = master.getAllProperties('exdate');
    expect(exdates.map((p) => p.getParameter('tzid'))).toEqual([ZONE, ZONE, ZONE]);
    expect(exdates.map((p) => String(p.getFirstValue()))).toEqual([
      '2026-10-27T07:00:00',
      '2026-11-05T07:00:00',
      '2027-03-16T07:00:00',
    ]);
    expect(children).toHaveLength(3);
    const moved = children[0];
    expect(moved.getFirstProperty('recurrence-id')!.getParameter('tzid')).toBe(ZONE);
    expect(String(moved.getFirstPropertyValue('recurrence-id'))).toBe('2026-11-03T07:00:00');
    expect(String(moved.getFirstPropertyValue('dtstart'))).toBe('2026-11-03T13:00:00');
    expect(String(moved.getFirstPropertyValue('dtend'))).toBe('2026-11-03T14:30:00');
    expect(moved.getFirstPropertyValue('summary')).toBe('Moved: Lawn care');
    expect(moved.getFirstPropertyValue('sequence')).toBe(3);
    expect(children[1].getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(children[1].getFirstPropertyValue('sequence')).toBe(4);
    expect(unfolded(ics)).toContain('RECURRENCE-ID;TZID=America/New_York:20261103T070000');
    expect(unfolded(ics)).toContain('EXDATE;TZID=America/New_York:20261105T070000');
  });

  it('writes the calendar header, and UID, SEQUENCE, DTSTAMP, TZID-local times, STATUS and TRANSP in each VEVENT', () => {
    const ics = calendarFeed(feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z'));
    const lines = unfolded(ics);
    expect(lines.slice(0, 9)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//CrewClock//Calendar feed//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:CrewClock · Abe Associate',
      'X-WR-TIMEZONE:America/New_York',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ]);
    expect(lines.slice(-2)).toEqual(['END:VCALENDAR', '']);
    const single = lines.slice(lines.indexOf('UID:job-1@crewclock') - 1);
    expect(single.slice(0, single.indexOf('END:VEVENT') + 1)).toEqual([
      'BEGIN:VEVENT',
      'UID:job-1@crewclock',
      'SEQUENCE:2',
      'DTSTAMP:20261018T123456Z',
      'DTSTART;TZID=America/New_York:20261103T090000',
      'DTEND;TZID=America/New_York:20261103T110000',
      'SUMMARY:Gutters\\, roof\\; back\\\\side',
      'LOCATION:12 Elm St\\, Springfield\\; rear door',
      'DESCRIPTION:Vera Customer\\n#1042 · Gutter cleaning\\nDog in the yard\\, ring twice',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]);
    const calendar = parse(ics);
    for (const event of calendar.getAllSubcomponents('vevent')) {
      for (const name of ['uid', 'sequence', 'dtstamp', 'dtstart', 'status', 'transp'])
        expect(event.hasProperty(name)).toBe(true);
      expect(event.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(ZONE);
      expect(event.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-10-18T12:34:56Z');
    }
    const daily = lines.slice(lines.indexOf('UID:daily@crewclock'));
    expect(daily.slice(0, 6)).toEqual([
      'UID:daily@crewclock',
      'SEQUENCE:0',
      'DTSTAMP:20261018T123456Z',
      'DTSTART;TZID=America/New_York:20261001T090000',
      'DURATION:PT90M',
      'RRULE:FREQ=DAILY',
    ]);
  });

  it('escapes text so that a reader gets it back, and folds long lines at 75 octets with CRLF endings', () => {
    const summary = 'Fenêtres, façade; «vitrage» \\ ünd Größe '.repeat(4).trim();
    const description = 'Vera Customer\n#1042 · Window cleaning\nNotes: back door; gate code 12,34';
    const ics = calendarFeed(
      feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z', {
        entries: [{ ...(entries[0] as FeedEntry & { kind: 'single' }), summary, description }],
      }),
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = ics.split('\r\n');
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const summaryAt = physical.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(physical[summaryAt + 1].startsWith(' ')).toBe(true);
    const event = new ICAL.Event(parse(ics).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
    expect(event.location).toBe('12 Elm St, Springfield; rear door');
  });

  it('starts a Weekly series whose stored start is not one of its days on its first real occurrence', () => {
    const tuesday = series({
      uid: 'tuesday@crewclock',
      start: '2026-10-06T14:30:00Z',
      rule: rule({ frequency: 'Weekly', days: ['monday', 'wednesday'], weeklyRecurrence: 2 }),
    });
    // Stored on a Thursday: nothing more that week, so the first is Monday two weeks on.
    const thursday = series({
      uid: 'thursday@crewclock',
      start: '2026-10-08T14:30:00Z',
      rule: rule({ frequency: 'Weekly', days: ['monday', 'wednesday'], weeklyRecurrence: 2 }),
    });
    const ics = calendarFeed(feed('2026-10-01T04:00:00Z', '2026-11-30T05:00:00Z', { entries: [tuesday, thursday] }));
    // ical.js 2.2.1, like rrule.js, skips a DTSTART its rule does not match; RFC 5545 (and libical, hence many
    // calendars) counts it as the first instance: the DTSTART lines are what prove this.
    const lines = unfolded(ics);
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261007T103000');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261019T103000');
    const theirs = icalJsOccurrences(ics, '2026-10-01T04:00:00Z', '2026-11-30T05:00:00Z', ZONE);
    expect(theirs).toEqual(
      ourOccurrences(feed('2026-10-01T04:00:00Z', '2026-11-30T05:00:00Z', { entries: [tuesday, thursday] })),
    );
    expect(theirs.filter((o) => o.uid === 'tuesday@crewclock')[0].start).toBe('2026-10-07T14:30:00.000Z');
    expect(theirs.filter((o) => o.uid === 'thursday@crewclock')[0].start).toBe('2026-10-19T14:30:00.000Z');
  });

  it('writes nothing for a series with no occurrence', () => {
    const never = series({
      uid: 'never@crewclock',
      start: '2026-10-06T14:30:00Z', // a Tuesday; Mondays only, ending that Sunday
      rule: rule({ frequency: 'Weekly', days: ['monday'], expireDate: '2026-10-11' }),
    });
    const ics = calendarFeed(feed('2026-10-01T04:00:00Z', '2026-11-30T05:00:00Z', { entries: [never] }));
    expect(ics).not.toContain('BEGIN:VEVENT');
  });

  it('writes EXDATE at the series wall time, and by its date on a day that time does not exist', () => {
    const early = series({
      uid: 'early@crewclock',
      start: '2027-03-01T07:30:00Z', // 2:30 EST, which 14 March 2027 skips
      rule: rule({}),
      excludedDates: ['2027-03-14'],
    });
    const lines = unfolded(calendarFeed(feed('2027-03-01T05:00:00Z', '2027-03-31T04:00:00Z', { entries: [early] })));
    expect(lines).toContain('DTSTART;TZID=America/New_York:20270301T023000');
    expect(lines).toContain('EXDATE;VALUE=DATE:20270314');
  });
});

/**
 * The occurrences written apart: on the day each series' wall time repeats or is skipped.
 */
const APART = [
  'nightly-2026-11-01@crewclock',
  'sundays-2026-11-01@crewclock',
  'early-2027-03-14@crewclock',
  'spring-change-2027-03-14@crewclock',
];

/**
 * Local times that New York's DST changes repeat or skip: 1:00–2:00 comes twice on 1 November 2026 (EDT, then EST),
 * 2:00–3:00 never comes on 14 March 2027. RFC 5545 (§3.3.5) reads a repeated time as the first and a skipped one
 * shifted forward by the gap, as scheduling places them; ical.js and node-ical each read them their own way.
 */
const unclear: FeedEntry[] = [
  // The second 1:30 (EST) to 2:30 EST: written local, both readers would take it right, an RFC 5545 reader an hour early.
  {
    kind: 'single',
    uid: 'second-half-hour@crewclock',
    sequence: 0,
    start: '2026-11-01T06:30:00Z',
    end: '2026-11-01T07:30:00Z',
    summary: 'Night shift, EST',
    ...text,
  },
  // 1:30 EDT to 1:30 EST: written local, both readers would make it 0 minutes long.
  {
    kind: 'single',
    uid: 'repeated-hour@crewclock',
    sequence: 0,
    start: '2026-11-01T05:30:00Z',
    end: '2026-11-01T06:30:00Z',
    summary: 'Night shift, EDT to EST',
    ...text,
  },
  // Every night at 1:30: on 1 November the first 1:30 (EDT), as scheduling plans it.
  series({ uid: 'nightly@crewclock', start: '2026-10-20T05:30:00Z', rule: rule({}), summary: 'Nightly' }),
  // Every night at 2:30: on 14 March at 3:30 EDT (07:30 UTC), the skipped time shifted forward.
  series({ uid: 'early@crewclock', start: '2027-03-01T07:30:00Z', rule: rule({}), summary: 'Early' }),
  // Sundays at 1:15, first on the repeated night, which is moved to 10:00 on its own; removed on 14 March (1:15 EST).
  series({
    uid: 'sundays@crewclock',
    start: '2026-11-01T05:15:00Z',
    durationMinutes: 30,
    rule: rule({ frequency: 'Weekly', days: ['sunday'] }),
    summary: 'Sunday check',
    excludedDates: ['2027-03-14'],
    changed: [
      {
        plannedDate: '2026-11-01',
        start: '2026-11-01T15:00:00Z',
        end: '2026-11-01T15:30:00Z',
        sequence: 2,
        summary: 'Sunday check, late',
        ...text,
      },
    ],
  }),
  // At 2:45 from 10 March, removed on the skipped night and the next: no event apart.
  series({
    uid: 'removed@crewclock',
    start: '2027-03-10T07:45:00Z',
    rule: rule({}),
    summary: 'Removed on the night',
    excludedDates: ['2027-03-14', '2027-03-15'],
  }),
  // At 2:15 from 13 March: 14 March's is skipped and changed to 1:50 EST (06:50 UTC), which exists.
  series({
    uid: 'spring-change@crewclock',
    start: '2027-03-13T07:15:00Z',
    rule: rule({}),
    summary: 'Early check',
    changed: [
      {
        plannedDate: '2027-03-14',
        start: '2027-03-14T06:50:00Z',
        end: '2027-03-14T07:50:00Z',
        sequence: 1,
        summary: 'Early check, moved',
        ...text,
      },
    ],
  }),
];

describe('a time that a DST change repeats or skips', () => {
  const autumn = ['2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z'] as const;
  const spring = ['2027-02-22T05:00:00Z', '2027-04-19T04:00:00Z'] as const;
  const unclearFeed = (from: string, to: string) => feed(from, to, { entries: unclear });

  it.each([
    ['the autumn change (2026-11-01)', ...autumn],
    ['the spring change (2027-03-14)', ...spring],
  ])('is read by ical.js and by node-ical as scheduling plans it, around %s', (_, from, to) => {
    const f = unclearFeed(from, to);
    const ours = ourOccurrences(f, APART);
    const ics = calendarFeed(f);
    expect(icalJsOccurrences(ics, from, to, ZONE)).toEqual(ours);
    expect(nodeIcalOccurrences(ics, from, to, ZONE)).toEqual(ours);
  });

  it('is where RFC 5545 and scheduling place it: the first of a repeated time, a skipped one an hour on', () => {
    const ours = [...ourOccurrences(unclearFeed(...autumn), APART), ...ourOccurrences(unclearFeed(...spring), APART)];
    const on = (uid: string, day: string) => ours.filter((o) => o.uid === uid && o.start.startsWith(day));
    expect(on('nightly-2026-11-01@crewclock', '2026-11-01')).toMatchObject([{ start: '2026-11-01T05:30:00.000Z' }]);
    expect(on('nightly@crewclock', '2026-11-02')).toMatchObject([{ start: '2026-11-02T06:30:00.000Z' }]);
    expect(on('early-2027-03-14@crewclock', '2027-03-14')).toMatchObject([
      { start: '2027-03-14T07:30:00.000Z', end: '2027-03-14T08:30:00.000Z' },
    ]);
    expect(on('second-half-hour@crewclock', '2026-11-01')).toMatchObject([{ end: '2026-11-01T07:30:00.000Z' }]);
  });

  it('writes an instant whose local time repeats in UTC, DTSTART and DTEND alike; the rest in the zone', () => {
    const lines = unfolded(calendarFeed(unclearFeed(...autumn)));
    const event = (uid: string) => lines.slice(lines.indexOf(`UID:${uid}`), lines.indexOf(`UID:${uid}`) + 5);
    expect(event('second-half-hour@crewclock')).toEqual(
      expect.arrayContaining(['DTSTART:20261101T063000Z', 'DTEND:20261101T073000Z']),
    );
    expect(event('repeated-hour@crewclock')).toEqual(
      expect.arrayContaining(['DTSTART:20261101T053000Z', 'DTEND:20261101T063000Z']),
    );
    // The series' repeated night: excluded by its date, and an event of its own.
    expect(lines).not.toContain('EXDATE;TZID=America/New_York:20261101T013000');
    expect(lines).toContain('EXDATE;VALUE=DATE:20261101');
    expect(event('nightly-2026-11-01@crewclock')).toEqual(
      expect.arrayContaining(['DTSTART:20261101T053000Z', 'DTEND:20261101T063000Z']),
    );
    // A series that starts on the repeated night starts its RRULE on its next occurrence; the first is apart, as moved.
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261108T011500');
    expect(event('sundays-2026-11-01@crewclock')).toEqual(
      expect.arrayContaining(['SEQUENCE:2', 'DTSTART;TZID=America/New_York:20261101T100000']),
    );
    expect(lines.filter((l) => l.startsWith('RECURRENCE-ID'))).toEqual([]);
  });

  it('writes no local time a change skips or repeats: such a day is excluded by its date; the rest name one instant', () => {
    const ics = calendarFeed(unclearFeed(...spring));
    const lines = unfolded(ics);
    expect(lines).toContain('EXDATE;TZID=America/New_York:20270314T011500'); // clear: by its time
    expect(lines.filter((l) => l === 'EXDATE;VALUE=DATE:20270314')).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith('EXDATE;TZID=') && l.includes('20270314T02'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('UID:removed'))).toEqual(['UID:removed@crewclock']);
    // The changed occurrence of a skipped day is an event of its own at the time it was moved to (1:50 EST).
    expect(lines).toContain('UID:spring-change-2027-03-14@crewclock');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20270314T015000');
    // Read by luxon, apart from our writer: a local DTSTART, DTEND or RECURRENCE-ID is neither skipped nor repeated.
    for (const both of [ics, calendarFeed(unclearFeed(...autumn))])
      for (const line of unfolded(both).filter((l) => /^(DTSTART|DTEND|RECURRENCE-ID);TZID=/.test(l))) {
        const local = DateTime.fromFormat(line.split(':')[1], "yyyyMMdd'T'HHmmss", { zone: ZONE });
        const wall = (d: DateTime) => d.toFormat("yyyyMMdd'T'HHmmss");
        expect([line, wall(local)]).toEqual([line, line.split(':')[1]]);
        for (const hour of [-1, 1]) expect([line, wall(local.plus({ hours: hour }))]).not.toEqual([line, wall(local)]);
      }
  });
});

describe('the RRULE', () => {
  it('says what scheduling expands: daily, every N weeks on days from Monday, monthly on a day or the last', () => {
    expect(rruleOf(rule({}), '2026-10-01T13:00:00Z', ZONE)).toBe('FREQ=DAILY');
    expect(
      rruleOf(
        rule({ frequency: 'Weekly', days: ['monday', 'wednesday', 'sunday'], weeklyRecurrence: 3 }),
        '2026-10-06T14:30:00Z',
        ZONE,
      ),
    ).toBe('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE,SU;WKST=MO');
    expect(rruleOf(rule({ frequency: 'Monthly' }), '2026-10-15T13:00:00Z', ZONE)).toBe('FREQ=MONTHLY;BYMONTHDAY=15');
    // The 31st or the month's last day is always the last day.
    expect(rruleOf(rule({ frequency: 'Monthly' }), '2026-08-31T12:00:00Z', ZONE)).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(rruleOf(rule({ frequency: 'Monthly' }), '2026-09-30T12:00:00Z', ZONE)).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1',
    );
    // 29 January at 20:00 EST is the 30th in UTC: the local day counts.
    expect(rruleOf(rule({ frequency: 'Monthly' }), '2027-01-30T01:00:00Z', ZONE)).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1',
    );
  });

  // ical.js 2.2.1 ignores BYSETPOS with BYMONTHDAY (kewisch/ical.js#960), so it cannot read the 29th's and 30th's
  // rule: rrule.js reads the written DTSTART and RRULE here (on the wall clock, as floating times, a day's margin).
  it.each([
    ['30th', '2026-09-30T12:00:00Z'],
    ['29th', '2027-01-29T13:00:00Z'],
  ])('on the %s, written as text, yields the dates scheduling plans, the last day of shorter months', (_, start) => {
    const entry = series({ uid: 'monthly@crewclock', start, rule: rule({ frequency: 'Monthly' }) });
    const [from, to] = [start, '2029-01-01T00:00:00Z'];
    const lines = unfolded(calendarFeed(feed(from, to, { entries: [entry] })));
    const dtstart = lines.find((l) => l.startsWith('DTSTART;'))!.split(':')[1];
    const rrule = lines.find((l) => l.startsWith('RRULE:'))!;
    const read = RRule.fromString(`DTSTART:${dtstart}Z\n${rrule}`)
      .between(new Date(Date.parse(from) - 86_400_000), new Date(to), true)
      .map((wall) => wall.toISOString().slice(0, 10));
    const planned = plannedBetween({ ...entry, timeZone: ZONE }, new Date(from), new Date(to)).map((o) => o.localDate);
    expect(read).toEqual(planned);
    expect(planned).toEqual(expect.arrayContaining(['2027-02-28', '2028-02-29']));
  });

  it('ends with UNTIL at the last second of the expiry date in the zone, as a UTC instant', () => {
    expect(rruleOf(rule({ expireDate: '2026-11-20' }), '2026-10-01T13:00:00Z', ZONE)).toBe(
      'FREQ=DAILY;UNTIL=20261121T045959Z',
    );
    expect(rruleOf(rule({ expireDate: '2026-07-01' }), '2026-06-01T13:00:00Z', ZONE)).toBe(
      'FREQ=DAILY;UNTIL=20260702T035959Z',
    );
  });
});

describe('the VTIMEZONE', () => {
  it("has New York's 2026 transitions, -0500 to -0400 on 8 March and back on 1 November, at 2:00 local", () => {
    const lines = vtimezoneLines(ZONE, '2026-01-01T05:00:00Z', '2026-12-31T05:00:00Z');
    const text = lines.join('\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VTIMEZONE', 'TZID:America/New_York']);
    expect(text).toContain(
      ['BEGIN:DAYLIGHT', 'DTSTART:20260308T020000', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'TZNAME:EDT'].join('\n'),
    );
    expect(text).toContain(
      ['BEGIN:STANDARD', 'DTSTART:20261101T020000', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'TZNAME:EST'].join('\n'),
    );
    // A year either side, in whole years: the offset in force on 1 January 2025, then two changes a year.
    expect(lines.slice(2, 8)).toEqual([
      'BEGIN:STANDARD',
      'DTSTART:20241231T190000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'END:STANDARD',
    ]);
    expect(lines.filter((l) => l === 'BEGIN:DAYLIGHT')).toHaveLength(3);
    expect(lines.filter((l) => l === 'BEGIN:STANDARD')).toHaveLength(4);
    expect(lines.at(-1)).toBe('END:VTIMEZONE');

    // ical.js reads the offsets back.
    const zone = new ICAL.Timezone(
      parse(['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\r\n')).getFirstSubcomponent('vtimezone')!,
    );
    const offsetAt = (local: string) => zone.utcOffset(ICAL.Time.fromDateTimeString(local)) / 3600;
    expect(offsetAt('2026-03-08T01:59:59')).toBe(-5);
    expect(offsetAt('2026-03-08T03:00:00')).toBe(-4);
    expect(offsetAt('2026-11-01T02:00:00')).toBe(-5);
    expect(offsetAt('2027-07-01T12:00:00')).toBe(-4);
  });

  it('is one STANDARD with equal offsets from 1970 for a zone without changes', () => {
    expect(vtimezoneLines('Asia/Tokyo', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it("in a feed covers a year before the earliest series' first occurrence", () => {
    const lines = unfolded(calendarFeed(feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z')));
    // The monthly series starts on 31 August 2026; the window's year before is 2025 too: from 2025-01-01.
    const firstObservance = lines[lines.indexOf('TZID:America/New_York') + 2];
    expect(firstObservance).toBe('DTSTART:20241231T190000');
    const old = series({ uid: 'old@crewclock', start: '2023-05-01T13:00:00Z', rule: rule({}) });
    const withOld = unfolded(calendarFeed(feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z', { entries: [old] })));
    expect(withOld[withOld.indexOf('TZID:America/New_York') + 2]).toBe('DTSTART:20211231T190000');
  });

  it('refuses a zone that is no IANA zone', () => {
    expect(() =>
      calendarFeed(feed('2026-10-19T04:00:00Z', '2026-12-14T05:00:00Z', { timeZone: 'Mars/Olympus' })),
    ).toThrow(/IANA/);
  });
});
