import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingNotice,
  bookingLinkFormProblem,
  bookingLinkInput,
  bookingRequest,
  dualTimeLabel,
  durationLabel,
  moveQuestion,
  NEW_LINK_FORM,
  slotPage,
  slotsByDay,
  slotsUrl,
  visitorProblem,
  zoneName,
  zonesDiffer,
} from './booking';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

describe('slotsByDay', () => {
  it("groups slots by their day in the organization's zone, days and times in order", () => {
    const slots = [
      { start: '2026-06-02T13:00:00Z', end: '2026-06-02T14:00:00Z' }, // Tue 9:00 in New York
      { start: '2026-06-01T14:00:00Z', end: '2026-06-01T15:00:00Z' }, // Mon 10:00
      { start: '2026-06-01T13:00:00Z', end: '2026-06-01T14:00:00Z' }, // Mon 9:00
      { start: '2026-06-02T03:30:00Z', end: '2026-06-02T04:30:00Z' }, // Mon 23:30 in New York, Tue in UTC
    ];
    const days = slotsByDay(slots, NY);
    expect(days.map((d) => [d.date, d.label, d.slots.map((s) => s.start)])).toEqual([
      ['2026-06-01', 'Monday, June 1', ['2026-06-01T13:00:00Z', '2026-06-01T14:00:00Z', '2026-06-02T03:30:00Z']],
      ['2026-06-02', 'Tuesday, June 2', ['2026-06-02T13:00:00Z']],
    ]);
  });

  it('has no days without slots', () => {
    expect(slotsByDay([], NY)).toEqual([]);
  });
});

describe('dualTimeLabel', () => {
  it("shows the organization's time alone when the visitor's clock is the same", () => {
    expect(dualTimeLabel('2026-06-01T13:00:00Z', NY, NY)).toBe('9:00 AM');
    // Another name, the same clock then.
    expect(dualTimeLabel('2026-06-01T13:00:00Z', NY, 'America/Detroit')).toBe('9:00 AM');
  });

  it("adds the visitor's time when their clock differs", () => {
    expect(dualTimeLabel('2026-06-01T13:00:00Z', NY, BERLIN)).toBe('9:00 AM (3:00 PM your time)');
  });

  it("names the visitor's day when it is another one", () => {
    expect(dualTimeLabel('2026-06-01T22:00:00Z', NY, 'Asia/Tokyo')).toBe('6:00 PM (7:00 AM Tue your time)');
  });

  it('follows each zone across a DST change of one only', () => {
    // 29 March 2026: Berlin is on summer time, New York since 8 March; the gap is 6 hours both sides.
    expect(zonesDiffer('2026-03-20T13:00:00Z', NY, BERLIN)).toBe(true);
    expect(dualTimeLabel('2026-03-20T13:00:00Z', NY, BERLIN)).toBe('9:00 AM (2:00 PM your time)');
  });
});

describe('paging and labels', () => {
  it('pages two weeks, both ends included', () => {
    expect(slotPage('2026-06-01')).toEqual({ from: '2026-06-01', to: '2026-06-14' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(slotsUrl('abc', '2026-06-01', '2026-06-14')).toBe(
      '/api/booking-links/abc/slots?from=2026-06-01&to=2026-06-14',
    );
  });

  it('says durations and zones plainly', () => {
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(90)).toBe('1 h 30 min');
    expect(zoneName('America/New_York')).toBe('New York');
  });
});

describe('forms', () => {
  it("sends the managers' form in the API's units", () => {
    expect(bookingLinkFormProblem(NEW_LINK_FORM)).toBe('Service name is required');
    expect(bookingLinkFormProblem({ ...NEW_LINK_FORM, serviceName: 'Lawn' })).toBe('Choose at least one staff member');
    const form = { ...NEW_LINK_FORM, serviceName: ' Lawn ', staffIds: ['u1'], minimumNoticeHours: 2 };
    expect(bookingLinkInput(form)).toEqual({
      serviceName: 'Lawn',
      durationMinutes: 60,
      staffIds: ['u1'],
      minimumNoticeMinutes: 120,
      horizonDays: 30,
      bufferMinutes: 0,
      expiresOn: null,
      maxBookings: null,
    });
  });

  it("checks the visitor's form and sends empty fields as null", () => {
    const empty = { name: '', email: '', phone: '', address: '', note: '' };
    expect(visitorProblem(empty)).toBe('Name is required');
    expect(visitorProblem({ ...empty, name: 'Sam' })).toBe('Email is required');
    expect(visitorProblem({ ...empty, name: 'Sam', email: 'sam' })).toBe('Enter a valid email address');
    expect(bookingRequest('2026-06-01T13:00:00Z', { ...empty, name: ' Sam ', email: 'sam@example.com' })).toEqual({
      start: '2026-06-01T13:00:00Z',
      name: 'Sam',
      email: 'sam@example.com',
      phone: null,
      address: null,
      note: null,
    });
  });
});

describe('bookingNotice', () => {
  const notice = {
    serviceName: 'Window cleaning',
    visitorName: 'Vera Visitor',
    start: '2026-11-26T14:00:00Z',
    timeZone: 'America/New_York',
  };
  it("says what a visitor did, the time in the organization's zone", () => {
    expect(bookingNotice({ ...notice, change: 'booked' })).toBe(
      'New online booking: Window cleaning for Vera Visitor, Thu, Nov 26, 9:00 AM',
    );
    expect(bookingNotice({ ...notice, change: 'moved' })).toBe(
      'Online booking moved: Window cleaning for Vera Visitor, now Thu, Nov 26, 9:00 AM',
    );
    expect(bookingNotice({ ...notice, change: 'cancelled' })).toBe(
      'Online booking cancelled: Window cleaning for Vera Visitor, Thu, Nov 26, 9:00 AM',
    );
  });
});

describe('moveQuestion', () => {
  const slot = { start: '2026-12-02T15:00:00Z', staffFirstName: 'Tom', keepsStaff: true };
  it("asks about the new time in the organization's zone, with the visit's own staff member", () => {
    expect(moveQuestion(slot, NY, 'Tom')).toEqual({
      question: 'Move your visit to Wednesday, Dec 2 at 10:00 AM?',
      withWhom: 'With Tom',
    });
  });
  it('says so when the move gives the visit to someone else', () => {
    expect(moveQuestion({ ...slot, staffFirstName: 'Jamal', keepsStaff: false }, BERLIN, 'Tom')).toEqual({
      question: 'Move your visit to Wednesday, Dec 2 at 4:00 PM?',
      withWhom: 'With Jamal (Tom is not free then)',
    });
  });
});
