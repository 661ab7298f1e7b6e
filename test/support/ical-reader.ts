import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';

/**
 * Two independent readers of our calendar feeds: what a calendar app shows of an .ics text in [from, to).
 * - ical.js (Mozilla's, Thunderbird's; issue #31): each master expanded with its RECURRENCE-ID children related to
 *   it, every time read in the feed's own VTIMEZONE.
 * - node-ical (issue #44 item 7): its own parser, RRULE expansion by rrule-temporal and the zone's rules by the
 *   Temporal polyfill, from the TZID's name; nothing shared with ical.js, rrule.js or luxon.
 * They differ from each other, and from RFC 5545, on a local time that a DST change repeats or skips: a feed they
 * both read to our occurrences leaves no instant to that choice.
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
    // The zone's time, or UTC where a local time would be ambiguous; never floating.
    if (start.zone.tzid !== zone && start.zone.tzid !== 'UTC')
      throw new Error(`read in ${start.zone.tzid}, not in the feed's ${zone}`);
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

/** What node-ical shows in [from, to); `zone`: the TZID every local time must carry (not floating time). */
export function nodeIcalOccurrences(ics: string, from: string, to: string, zone: string): Occurrence[] {
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  const out: Occurrence[] = [];
  for (const component of Object.values(nodeIcal.sync.parseICS(ics))) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    // A week either side: a changed occurrence may have moved into the window; the window is applied below.
    const instances = nodeIcal.expandRecurringEvent(event, {
      from: new Date(fromMs - 7 * 86_400_000),
      to: new Date(toMs + 7 * 86_400_000),
      expandOngoing: true,
    });
    for (const instance of instances) {
      const tz = instance.start.tz;
      if (tz !== zone && tz !== 'Etc/UTC' && tz !== 'UTC') throw new Error(`read in ${tz}, not in the feed's ${zone}`);
      const [startMs, endMs] = [instance.start.getTime(), instance.end.getTime()];
      if (startMs < toMs && endMs > fromMs)
        out.push({
          uid: event.uid,
          start: iso(startMs),
          end: iso(endMs),
          summary: String(instance.summary),
          status: String(instance.event.status),
        });
    }
  }
  return out.sort(byStart);
}
