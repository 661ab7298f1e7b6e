import { calendarInvite, CalendarInvite } from './ics';

const invite: CalendarInvite = {
  method: 'REQUEST',
  uid: '6f1c2a52-0c33-5e8e-9d1a-3b2f7b1c9e01@crewclock',
  sequence: 0,
  stamp: '2026-11-26T01:02:03.456Z',
  start: '2026-12-02T15:00:00.000Z',
  end: '2026-12-02T16:00:00.000Z',
  summary: 'Window cleaning',
  organizer: { name: 'Acme Cleaning', email: 'no-reply@crewclock.local' },
  attendee: { email: 'vera@example.test' },
};

/** The file's lines with folding undone (§3.1: a CRLF followed by one space is removed). */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('the .ics writer', () => {
  it('writes a VCALENDAR with one VEVENT: UID, SEQUENCE, DTSTAMP, DTSTART and DTEND in UTC, SUMMARY, ORGANIZER', () => {
    const ics = calendarInvite(invite);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(unfolded(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//CrewClock//Self-booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:6f1c2a52-0c33-5e8e-9d1a-3b2f7b1c9e01@crewclock',
      'SEQUENCE:0',
      'DTSTAMP:20261126T010203Z',
      'DTSTART:20261202T150000Z',
      'DTEND:20261202T160000Z',
      'SUMMARY:Window cleaning',
      'ORGANIZER;CN="Acme Cleaning":mailto:no-reply@crewclock.local',
      'ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:vera@example.test',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, the same UID and the sequence it is given', () => {
    const lines = unfolded(calendarInvite({ ...invite, method: 'CANCEL', sequence: 3 }));
    expect(lines).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:3', `UID:${invite.uid}`]),
    );
  });

  it("escapes its text and keeps double quotes out of the organizer's name", () => {
    const lines = unfolded(
      calendarInvite({
        ...invite,
        summary: 'Windows; doors, gutters',
        organizer: { name: 'Say "hi": Co;', email: 'no-reply@crewclock.local' },
        description: 'Line one\nLine two',
      }),
    );
    expect(lines).toContain('SUMMARY:Windows\\; doors\\, gutters');
    expect(lines).toContain('ORGANIZER;CN="Say hi: Co;":mailto:no-reply@crewclock.local');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
  });
});
