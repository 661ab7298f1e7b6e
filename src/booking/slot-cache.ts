import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { ValidationError } from '../core/errors';
import { ComputeGate } from '../core/rate-limits';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { BookingLinkDoc, slotStamp } from './booking.read-models';
import { bookableWindow, FreeSlot, slotsBetween } from './slots';
import { rulesOf, staffTimes } from './staff-times';
import { nextTurn } from '../core/loop-turns';

/** Days of links kept (one link's slots of one day each: a few KB at most), the least recently read dropped first. */
const DAYS_KEPT = 20_000;
/** Slot computations at once in this process, and how many more may wait for their turn. */
const COMPUTING = 2;
const WAITING = 50;
/** Days one slots read may cover: the booking page shows two weeks at a time. */
export const SLOTS_MAX_DAYS = 14;
export const SLOTS_BUSY = 'Many people are choosing a time right now. Please try again in a moment.';

/**
 * A booking link's free slots, a day at a time (the organization's days), kept and reused until the organization's
 * schedule, availability, links or settings change (its slot stamp) or the link does (its revision). Reading a kept
 * day costs a lookup and a filter by the notice and the horizon at the moment of the read. A day not kept is
 * computed from that day's jobs alone, through a gate that lets two computations run at once (a flood queues, then
 * gets a 503), each in a turn of the event loop of its own, so a public read never holds the loop for long.
 */
@Injectable()
export class SlotCache {
  private readonly days = new Map<string, { stamp: number; slots: FreeSlot[] }>();
  private readonly gate = new ComputeGate(COMPUTING, WAITING, SLOTS_BUSY);

  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** The slots open at `now` on `count` days from `first` (a midnight in `zone`). */
  async slots(link: BookingLinkDoc, zone: string, first: DateTime, count: number, now: number): Promise<FreeSlot[]> {
    const window = bookableWindow(rulesOf(link), now);
    const stamp = await slotStamp(this.store, link.organizationId);
    const open: FreeSlot[] = [];
    for (let i = 0; i < count; i++) {
      const from = first.plus({ days: i });
      const to = from.plus({ days: 1 });
      if (to.toMillis() <= window.start || from.toMillis() >= window.end) continue;
      for (const slot of await this.day(link, zone, from, to, stamp)) {
        const start = Date.parse(slot.start);
        if (start >= window.start && start < window.end) open.push(slot);
      }
    }
    return open;
  }

  private async day(link: BookingLinkDoc, zone: string, from: DateTime, to: DateTime, stamp: number) {
    const key = `${link._id}|${link._rev ?? 0}|${from.toISODate()}`;
    const kept = this.days.get(key);
    if (kept && kept.stamp === stamp) {
      // Read again: to the back of the line for dropping.
      this.days.delete(key);
      this.days.set(key, kept);
      return kept.slots;
    }
    const slots = await this.gate.run(async () => {
      // A turn of its own: what ran before this day's computation lets other requests in first.
      await nextTurn();
      const staff = await staffTimes(this.store, link, from.toMillis(), to.toMillis());
      return slotsBetween({ zone, rules: rulesOf(link), staff, from: from.toMillis(), to: to.toMillis() });
    });
    this.days.delete(key);
    this.days.set(key, { stamp, slots });
    if (this.days.size > DAYS_KEPT) this.days.delete(this.days.keys().next().value!);
    return slots;
  }
}

/** [from, to] as organization days (YYYY-MM-DD, both included; two weeks from today by default), as the link's slots read them. */
export function dayRange(from: string | undefined, to: string | undefined, zone: string, now: Date) {
  const day = (value: string | undefined, fallback: DateTime, name: string) => {
    if (!value) return fallback;
    const parsed = value.length === 10 ? DateTime.fromISO(value, { zone }) : null;
    if (!parsed?.isValid) throw new ValidationError(`${name} must be a date (YYYY-MM-DD)`);
    return parsed;
  };
  const first = day(from, DateTime.fromJSDate(now, { zone }).startOf('day'), 'From');
  const last = day(to, first.plus({ days: SLOTS_MAX_DAYS - 1 }), 'To');
  if (last < first) throw new ValidationError('To cannot be before From');
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days > SLOTS_MAX_DAYS) throw new ValidationError(`Ask for at most ${SLOTS_MAX_DAYS} days at a time`);
  return { first, days };
}
