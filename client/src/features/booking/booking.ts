import { DateTime } from 'luxon';
import type { BookingLinkInput } from '../../../../src/shared/booking';

/** Self-booking (#16): the managers' links and the visitors' public pages. */
export const BOOKING_LINKS_URL = '/api/booking-links';
export const SHARED_BOOKING_URL = '/api/share/booking';

/** The public pages' calls: no session, no CSRF token, and a 401 is no reason to sign in. */
export const PUBLIC = { csrf: false, redirectOnUnauthorized: false } as const;

export const bookingLinkUrl = (linkId: string) => `${BOOKING_LINKS_URL}/${encodeURIComponent(linkId)}`;
export const slotsUrl = (linkId: string, from: string, to: string) =>
  `${bookingLinkUrl(linkId)}/slots?from=${from}&to=${to}`;
export const sharedBookingUrl = (id: string) => `${SHARED_BOOKING_URL}/${encodeURIComponent(id)}`;
/** The times a booked visit may move to, each with who would take it. */
export const visitSlotsUrl = (id: string, from: string, to: string) =>
  `${sharedBookingUrl(id)}/slots?from=${from}&to=${to}`;

/** The public page's address a manager hands out. */
export const publicBookingUrl = (origin: string, linkId: string) => `${origin}/book/${encodeURIComponent(linkId)}`;
export const sharedBookingPath = (id: string) => `/share/booking/${encodeURIComponent(id)}`;

/** Days a page of slots covers ("Next 2 weeks"). */
export const SLOT_PAGE_DAYS = 14;

/** YYYY-MM-DD plus n days. */
export const addDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() as string;

/** A page of slots: `days` days from `from`, both ends included (as the API's from and to are). */
export const slotPage = (from: string, days = SLOT_PAGE_DAYS) => ({ from, to: addDays(from, days - 1) });

export interface Slot {
  start: string;
  end: string;
}

export interface SlotDay {
  /** YYYY-MM-DD in the organization's zone. */
  date: string;
  /** 'Monday, June 1' */
  label: string;
  slots: Slot[];
}

/** Slots by their day in the organization's zone, days and times in order. */
export function slotsByDay(slots: readonly Slot[], zone: string): SlotDay[] {
  const days = new Map<string, Slot[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of sorted) {
    const date = DateTime.fromISO(slot.start, { setZone: true }).setZone(zone).toISODate() as string;
    const list = days.get(date);
    if (list) list.push(slot);
    else days.set(date, [slot]);
  }
  return [...days.entries()].map(([date, list]) => ({
    date,
    label: DateTime.fromISO(date).toFormat('cccc, LLLL d'),
    slots: list,
  }));
}

/** Whether two zones show a different wall clock at this instant. */
export function zonesDiffer(iso: string, zone: string, otherZone: string): boolean {
  const at = DateTime.fromISO(iso, { setZone: true });
  return at.setZone(zone).offset !== at.setZone(otherZone).offset;
}

/**
 * A time in the organization's zone, and in the visitor's when their clock differs then:
 * '9:00 AM', or '9:00 AM (3:00 PM your time)', with the visitor's day when it is another one.
 */
export function dualTimeLabel(iso: string, zone: string, visitorZone: string): string {
  const at = DateTime.fromISO(iso, { setZone: true });
  const there = at.setZone(zone);
  const own = there.toFormat('h:mm a');
  if (!zonesDiffer(iso, zone, visitorZone)) return own;
  const here = at.setZone(visitorZone);
  const day = here.toISODate() === there.toISODate() ? '' : ` ${here.toFormat('ccc')}`;
  return `${own} (${here.toFormat('h:mm a')}${day} your time)`;
}

/** 'Monday, June 1, 2026 at 9:00 AM – 10:00 AM' in the zone. */
export function visitTimeLabel(start: string, end: string, zone: string): string {
  const from = DateTime.fromISO(start, { setZone: true }).setZone(zone);
  const to = DateTime.fromISO(end, { setZone: true }).setZone(zone);
  return `${from.toFormat('cccc, LLLL d, yyyy')} at ${from.toFormat('h:mm a')} – ${to.toFormat('h:mm a')}`;
}

/**
 * The question before a visit moves: 'Move your visit to Tuesday, Dec 2 at 10:00 AM?' and with whom, saying so when
 * the move gives it to someone else: 'With Mona (Abe is not free then)'.
 */
export function moveQuestion(
  slot: { start: string; staffFirstName: string; keepsStaff: boolean },
  zone: string,
  currentFirstName: string,
): { question: string; withWhom: string } {
  const at = DateTime.fromISO(slot.start, { setZone: true }).setZone(zone);
  return {
    question: `Move your visit to ${at.toFormat('cccc, LLL d')} at ${at.toFormat('h:mm a')}?`,
    withWhom: slot.keepsStaff
      ? `With ${slot.staffFirstName}`
      : `With ${slot.staffFirstName} (${currentFirstName} is not free then)`,
  };
}

/** The browser's own zone (the visitor's). */
export const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** '45 min', '1 h', '1 h 30 min'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** A zone's readable name: 'America/New_York' → 'New York'. */
export const zoneName = (zone: string) => (zone.split('/').pop() ?? zone).split('_').join(' ');

/** The managers' form for a new link. */
export interface BookingLinkForm {
  serviceName: string;
  durationMinutes: number;
  staffIds: string[];
  minimumNoticeHours: number;
  horizonDays: number;
  bufferMinutes: number;
  /** YYYY-MM-DD or null. */
  expiresOn: string | null;
  maxBookings: number | null;
}

export const NEW_LINK_FORM: BookingLinkForm = {
  serviceName: '',
  durationMinutes: 60,
  staffIds: [],
  minimumNoticeHours: 24,
  horizonDays: 30,
  bufferMinutes: 0,
  expiresOn: null,
  maxBookings: null,
};

/** Durations offered: 15 minutes to 12 hours in 15-minute steps. */
export const DURATION_OPTIONS = Array.from({ length: 48 }, (_, i) => (i + 1) * 15).map((m) => ({
  value: String(m),
  label: durationLabel(m),
}));

/** The form's first problem the server would refuse too, or null. */
export function bookingLinkFormProblem(form: BookingLinkForm): string | null {
  if (!form.serviceName.trim()) return 'Service name is required';
  if (!form.staffIds.length) return 'Choose at least one staff member';
  return null;
}

export function bookingLinkInput(form: BookingLinkForm): BookingLinkInput {
  return {
    serviceName: form.serviceName.trim(),
    durationMinutes: form.durationMinutes,
    staffIds: form.staffIds,
    minimumNoticeMinutes: Math.round(form.minimumNoticeHours * 60),
    horizonDays: form.horizonDays,
    bufferMinutes: form.bufferMinutes,
    expiresOn: form.expiresOn || null,
    maxBookings: form.maxBookings ?? null,
  };
}

/** The visitor's form. */
export interface VisitorForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  note: string;
}

export const EMPTY_VISITOR: VisitorForm = { name: '', email: '', phone: '', address: '', note: '' };

/** The first problem of the visitor's form, or null (the server checks the e-mail fully). */
export function visitorProblem(form: VisitorForm): string | null {
  if (!form.name.trim()) return 'Name is required';
  if (!form.email.trim()) return 'Email is required';
  if (!form.email.includes('@')) return 'Enter a valid email address';
  return null;
}

const orNull = (text: string) => text.trim() || null;

export const bookingRequest = (start: string, form: VisitorForm) => ({
  start,
  name: form.name.trim(),
  email: form.email.trim(),
  phone: orNull(form.phone),
  address: orNull(form.address),
  note: orNull(form.note),
});

/** The managers' notice of a visitor's booking, move or cancellation, the visit's time in the organization's zone. */
export function bookingNotice(p: {
  change: 'booked' | 'moved' | 'cancelled';
  serviceName: string;
  visitorName: string;
  start: string;
  timeZone: string;
}): string {
  const when = DateTime.fromISO(p.start, { zone: p.timeZone }).toFormat('ccc, LLL d, h:mm a');
  const what = `${p.serviceName} for ${p.visitorName}`;
  if (p.change === 'moved') return `Online booking moved: ${what}, now ${when}`;
  if (p.change === 'cancelled') return `Online booking cancelled: ${what}, ${when}`;
  return `New online booking: ${what}, ${when}`;
}
