/**
 * A minimal iCalendar (RFC 5545) writer for the booking e-mails' invitations: one VEVENT in a VCALENDAR whose METHOD
 * is REQUEST (booked or moved) or CANCEL (cancelled), as RFC 5546 (iTIP) has calendars read them. Pure: the stamp
 * arrives as an argument.
 */
import { escapeText, foldLine, paramValue, utcDateTime } from '../core/ics';

export interface CalendarInvite {
  method: 'REQUEST' | 'CANCEL';
  /** Stable for the visit's whole life: a calendar replaces the event it already holds with this UID. */
  uid: string;
  /** Rises with each move (and once more on cancel): a calendar takes the higher one. */
  sequence: number;
  /** When this version was made (UTC ISO instant). */
  stamp: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
  summary: string;
  organizer: { name: string; email: string };
  attendee: { email: string };
  description?: string;
  url?: string;
}

/** The invitation as an .ics file's text: CRLF line endings, folded lines. */
export function calendarInvite(invite: CalendarInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CrewClock//Self-booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(invite.uid)}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcDateTime(invite.stamp)}`,
    `DTSTART:${utcDateTime(invite.start)}`,
    `DTEND:${utcDateTime(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${invite.attendee.email}`,
    ...(invite.description ? [`DESCRIPTION:${escapeText(invite.description)}`] : []),
    ...(invite.url ? [`URL:${invite.url}`] : []),
    `STATUS:${invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
