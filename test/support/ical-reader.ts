import ICAL from 'ical.js';

/**
 * ical.js as the independent reader of our calendar feeds (issue #31): what a calendar app shows of an .ics text in
 * [from, to), each master expanded with its RECURRENCE-ID children related to it, every time read in the feed's own
 * VTIMEZONE.
 */
type IcalEvent = InstanceType<typeof ICAL.Event>;
type IcalTime = InstanceType<typeof ICAL.Time>;

export interface Occurrence {
  uid: string;
  start: string;
  end: string;
  summary: string;
  status: string;
}

export const byStart = (a: Occurrence, b: Occurrence) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid);
const iso = (ms: number) => new Date(ms).toISOString();

/** What ical.js shows in [from, to); `zone`: the TZID every time must be read in (not floating time). */
export function icalJsOccurrences(ics: string, from: string, to: string, zone: string): Occurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const masters = new Map(events.filter((e) => !e.isRecurrenceException()).map((e) => [e.uid, e]));
  for (const e of events) if (e.isRecurrenceException()) masters.get(e.uid)!.relateException(e);

  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  const out: Occurrence[] = [];
  const add = (item: IcalEvent, start: IcalTime, endMs: number) => {
    if (start.zone.tzid !== zone) throw new Error(`read in ${start.zone.tzid}, not in the feed's ${zone}`);
    const startMs = start.toJSDate().getTime();
    if (startMs < toMs && endMs > fromMs)
      out.push({
        uid: item.uid,
        start: iso(startMs),
        end: iso(endMs),
        summary: item.summary,
        status: String(item.component.getFirstPropertyValue('status')),
      });
  };
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      add(event, event.startDate, event.endDate.toJSDate().getTime());
      continue;
    }
    const iterator = event.iterator();
    // A week past the window: a changed occurrence may have moved into it.
    for (
      let next = iterator.next();
      next && next.toJSDate().getTime() < toMs + 7 * 86_400_000;
      next = iterator.next()
    ) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate;
      // DURATION's time part is exact (RFC 5545 §3.3.6); ical.js adds it on the wall clock, an hour off on the
      // night of a change, so an instance's end is its start plus the DURATION's seconds.
      const endMs = details.item.component.hasProperty('dtend')
        ? details.endDate.toJSDate().getTime()
        : start.toJSDate().getTime() + details.item.duration.toSeconds() * 1000;
      add(details.item, start, endMs);
    }
  }
  return out.sort(byStart);
}
