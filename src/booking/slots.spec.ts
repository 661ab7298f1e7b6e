import { DateTime } from 'luxon';
import type { AvailabilityEntry } from '../availability/availability.events';
import { freeSlots, slotAt, SlotRules, staffFree, StaffTime } from './slots';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  durationMinutes: 60,
  bufferMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 60,
  ...over,
});
const entry = (weekDay: AvailabilityEntry['weekDay'], startTime: string, endTime: string): AvailabilityEntry => ({
  id: `${weekDay}-${startTime}`,
  weekDay,
  startTime,
  endTime,
});
const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
/** The slots' starts as wall-clock times in `zone`. */
const wall = (slots: { start: string }[], zone: string) =>
  slots.map((s) => DateTime.fromISO(s.start, { zone }).toFormat("yyyy-MM-dd'T'HH:mm"));
const day = (date: string, zone: string) => ({ from: at(`${date}T00:00`, zone), to: at(`${date}T23:59`, zone) });
const ana: StaffTime = { id: 'ana', week: [entry('Monday', '09:00', '12:00')], busy: [] };

describe('free slots', () => {
  const monday = day('2026-06-01', NY);
  const now = at('2026-05-25T08:00', NY);

  it('starts every 30 minutes inside the availability, the whole visit fitting', () => {
    expect(wall(freeSlots({ zone: NY, rules: rules(), staff: [ana], ...monday, now }), NY)).toEqual([
      '2026-06-01T09:00',
      '2026-06-01T09:30',
      '2026-06-01T10:00',
      '2026-06-01T10:30',
      '2026-06-01T11:00',
    ]);
  });

  it('keeps clear of jobs by the buffer on both sides', () => {
    const busy = { ...ana, busy: [{ start: at('2026-06-01T10:30', NY), end: at('2026-06-01T11:00', NY) }] };
    expect(wall(freeSlots({ zone: NY, rules: rules(), staff: [busy], ...monday, now }), NY)).toEqual([
      '2026-06-01T09:00',
      '2026-06-01T09:30',
      '2026-06-01T11:00',
    ]);
    // 15 minutes either side: 9:30–10:30 now ends too close, 11:00 starts too close.
    expect(
      wall(freeSlots({ zone: NY, rules: rules({ bufferMinutes: 15 }), staff: [busy], ...monday, now }), NY),
    ).toEqual(['2026-06-01T09:00']);
  });

  it('respects the minimum notice and the horizon', () => {
    const soon = at('2026-06-01T08:45', NY);
    expect(
      wall(freeSlots({ zone: NY, rules: rules({ minimumNoticeMinutes: 60 }), staff: [ana], ...monday, now: soon }), NY),
    ).toEqual(['2026-06-01T10:00', '2026-06-01T10:30', '2026-06-01T11:00']);
    // Ten days ahead at most: Monday the 1st is 7 days after now, the 15th is 21.
    const twoWeeks = { from: at('2026-06-01T00:00', NY), to: at('2026-06-16T00:00', NY) };
    const slots = freeSlots({ zone: NY, rules: rules({ horizonDays: 10 }), staff: [ana], ...twoWeeks, now });
    expect(new Set(wall(slots, NY).map((s) => s.slice(0, 10)))).toEqual(new Set(['2026-06-01']));
  });

  it('offers 15-minute starts for short visits, and nothing on a day without availability', () => {
    const short = freeSlots({ zone: NY, rules: rules({ durationMinutes: 15 }), staff: [ana], ...monday, now });
    expect(short).toHaveLength(12);
    expect(freeSlots({ zone: NY, rules: rules(), staff: [ana], ...day('2026-06-02', NY), now })).toEqual([]);
  });

  it('names everyone who could take a slot, in the link’s order', () => {
    const ben: StaffTime = { id: 'ben', week: [entry('Monday', '10:00', '13:00')], busy: [] };
    const slots = freeSlots({ zone: NY, rules: rules(), staff: [ben, ana], ...monday, now });
    expect(slots.map((s) => [wall([s], NY)[0].slice(11), s.staffIds])).toEqual([
      ['09:00', ['ana']],
      ['09:30', ['ana']],
      ['10:00', ['ben', 'ana']],
      ['10:30', ['ben', 'ana']],
      ['11:00', ['ben', 'ana']],
      ['11:30', ['ben']],
      ['12:00', ['ben']],
    ]);
  });

  describe.each([
    [NY, '2026-03-08', '2026-03-01', '2026-11-01', '2026-10-25'],
    [BERLIN, '2026-03-29', '2026-03-22', '2026-10-25', '2026-10-18'],
  ])('the DST weeks of %s', (zone, springDay, weekBefore, fallDay, weekBeforeFall) => {
    // Sunday availability 09:00–11:00 and 01:00–04:00 (the night of the change).
    const sunday: StaffTime = {
      id: 'sam',
      week: [entry('Sunday', '09:00', '11:00'), entry('Sunday', '01:00', '04:00')],
      busy: [],
    };
    const slotsOn = (date: string) =>
      freeSlots({
        zone,
        rules: rules({ horizonDays: 365 }),
        staff: [sunday],
        ...day(date, zone),
        now: at('2026-01-01T00:00', zone),
      });

    it('keeps 9:00 at 9:00 on the wall clock the week before, on and after the change', () => {
      for (const date of [weekBefore, springDay, weekBeforeFall, fallDay])
        expect(wall(slotsOn(date), zone).filter((s) => s.slice(11) >= '09:00')).toEqual([
          `${date}T09:00`,
          `${date}T09:30`,
          `${date}T10:00`,
        ]);
      // And the instants differ by the change: an hour earlier in UTC in summer time.
      const before = Date.parse(slotsOn(weekBefore).find((s) => wall([s], zone)[0].endsWith('09:00'))!.start);
      const on = Date.parse(slotsOn(springDay).find((s) => wall([s], zone)[0].endsWith('09:00'))!.start);
      expect(before + 7 * 86_400_000 - on).toBe(3_600_000);
    });

    it('offers no start the spring-forward night skips, and each repeated one once in the fall', () => {
      const spring = wall(slotsOn(springDay), zone).filter((s) => s.slice(11) < '09:00');
      // 2:00–3:00 does not happen that night (in both zones): 1:00 and 3:00 are offered, nothing at 2.
      expect(spring.some((s) => s.slice(11, 13) === '02')).toBe(false);
      expect(spring).toContain(`${springDay}T03:00`);
      const fall = slotsOn(fallDay).filter((s) => wall([s], zone)[0].slice(11) < '09:00');
      expect(new Set(fall.map((s) => s.start)).size).toBe(fall.length);
      // Every visit is a real hour long.
      for (const s of [...slotsOn(springDay), ...slotsOn(fallDay)])
        expect(Date.parse(s.end) - Date.parse(s.start)).toBe(3_600_000);
    });
  });

  describe('days off: holidays and time off', () => {
    const allWeek = (startTime: string, endTime: string) =>
      (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((d) =>
        entry(d, startTime, endTime),
      );
    const days = (from: string, to: string, zone: string) => ({
      from: at(`${from}T00:00`, zone),
      to: at(`${to}T23:59`, zone),
    });
    const dates = (slots: { start: string }[], zone: string) => [
      ...new Set(wall(slots, zone).map((w) => w.slice(0, 10))),
    ];

    it('closes a holiday and a stretch of time off as whole days, for that person only', () => {
      const bea: StaffTime = { id: 'bea', week: allWeek('09:00', '12:00'), busy: [] };
      const off: StaffTime = {
        ...bea,
        id: 'cal',
        daysOff: [
          { from: '2026-11-26', to: '2026-11-26' }, // Thanksgiving
          { from: '2026-11-28', to: '2026-11-29' }, // a weekend's time off
        ],
      };
      const range = days('2026-11-25', '2026-11-30', NY);
      const before = at('2026-11-20T08:00', NY);
      expect(dates(freeSlots({ zone: NY, rules: rules(), staff: [off], ...range, now: before }), NY)).toEqual([
        '2026-11-25',
        '2026-11-27',
        '2026-11-30',
      ]);
      const both = freeSlots({ zone: NY, rules: rules(), staff: [bea, off], ...range, now: before });
      expect(both.filter((s) => s.start.startsWith('2026-11-26')).every((s) => s.staffIds.join() === 'bea')).toBe(true);
    });

    it('keeps a day off whole across a DST change, in the organization’s zone', () => {
      // New York falls back on Sunday November 1, 2026: that day is 25 hours long, all of it off.
      const night: StaffTime = {
        id: 'nia',
        week: allWeek('00:00', '24:00'),
        busy: [],
        daysOff: [{ from: '2026-11-01', to: '2026-11-01' }],
      };
      const range = days('2026-10-31', '2026-11-02', NY);
      const slots = wall(
        freeSlots({ zone: NY, rules: rules(), staff: [night], ...range, now: at('2026-10-20T00:00', NY) }),
        NY,
      );
      expect(slots.filter((w) => w.startsWith('2026-11-01'))).toEqual([]);
      expect(slots).toContain('2026-10-31T23:00');
      expect(slots).toContain('2026-11-02T00:00');
      // The same date in Berlin is another stretch of instants: 1 November there ends six hours earlier.
      const berlin = wall(
        freeSlots({
          zone: BERLIN,
          rules: rules(),
          staff: [night],
          ...days('2026-11-01', '2026-11-02', BERLIN),
          now: at('2026-10-20T00:00', BERLIN),
        }),
        BERLIN,
      );
      expect(berlin[0]).toBe('2026-11-02T00:00');
    });

    it('counts a visit ending at midnight on its own day, not on the next day off', () => {
      const late: StaffTime = {
        id: 'lou',
        week: allWeek('00:00', '24:00'),
        busy: [],
        daysOff: [{ from: '2026-06-02', to: '2026-06-02' }],
      };
      const eleven = at('2026-06-01T23:00', NY);
      expect(staffFree(late, eleven, eleven + 3_600_000, rules(), NY)).toBe(true);
      expect(staffFree(late, eleven + 3_600_000, eleven + 7_200_000, rules(), NY)).toBe(false);
      expect(staffFree({ ...late, daysOff: [] }, eleven + 3_600_000, eleven + 7_200_000, rules(), NY)).toBe(true);
    });
  });
});

describe('one start', () => {
  const now = at('2026-05-25T08:00', NY);
  const bob: StaffTime = { id: 'bob', week: [entry('Monday', '09:00', '12:00')], busy: [] };
  const one = (start: string, staff: StaffTime[] = [ana, bob], over: Partial<SlotRules> = {}) =>
    slotAt({ zone: NY, rules: rules(over), staff, start: at(start, NY), now });

  it('offers a start on the grid inside availability, with who is free then in the link order', () => {
    expect(one('2026-06-01T09:30')).toEqual({ offered: true, staffIds: ['ana', 'bob'] });
    const anaBusy = { ...ana, busy: [{ start: at('2026-06-01T09:00', NY), end: at('2026-06-01T10:00', NY) }] };
    expect(one('2026-06-01T09:30', [anaBusy, bob])).toEqual({ offered: true, staffIds: ['bob'] });
  });

  it('tells a start that was taken from one the page never offers', () => {
    const busy = (s: StaffTime) => ({
      ...s,
      busy: [{ start: at('2026-06-01T09:00', NY), end: at('2026-06-01T12:00', NY) }],
    });
    // Offered, but everyone is on a job then: taken.
    expect(one('2026-06-01T10:00', [busy(ana), busy(bob)])).toEqual({ offered: true, staffIds: [] });
    // Off the 30-minute grid, after the availability, on a day nobody works, before the notice: never offered.
    expect(one('2026-06-01T09:15')).toEqual({ offered: false, staffIds: [] });
    expect(one('2026-06-01T11:30')).toEqual({ offered: false, staffIds: [] });
    expect(one('2026-06-06T09:00')).toEqual({ offered: false, staffIds: [] });
    expect(one('2026-06-01T09:00', [ana], { minimumNoticeMinutes: 60 * 24 * 8 })).toEqual({
      offered: false,
      staffIds: [],
    });
    // A 15-minute visit is on a 15-minute grid.
    expect(one('2026-06-01T09:15', [ana], { durationMinutes: 15 })).toEqual({ offered: true, staffIds: ['ana'] });
  });
});
