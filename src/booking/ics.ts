/**
 * A minimal iCalendar (RFC 5545) writer for the booking e-mails' invitations: one VEVENT in a VCALENDAR whose METHOD
 * is REQUEST (booked or moved) or CANCEL (cancelled), as RFC 5546 (iTIP) has calendars read them. Pure: the stamp
 * arrives as an argument.
 */
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

/** Text escaped per RFC 5545 §3.3.11: backslash, semicolon, comma and newlines; other control characters dropped. */
export function escapeText(value: string): string {
  let out = '';
  for (const ch of value.replace(/\r\n?/g, '\n')) {
    if (ch === '\\' || ch === ';' || ch === ',') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch >= ' ' && ch !== '\u007f') out += ch;
  }
  return out;
}

/** A parameter value (§3.2): quoted, with the double quotes and control characters it may not hold left out. */
const paramValue = (value: string) =>
  `"${[...value].filter((ch) => ch >= ' ' && ch !== '"' && ch !== '\u007f').join('')}"`;

/**
 * A content line folded at 75 octets (§3.1): the continuation lines start with a space, which counts; a UTF-8
 * character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** 2026-12-02T15:00:00.000Z → 20261202T150000Z (a UTC DATE-TIME, §3.3.5 form #2). */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not an instant: ${iso}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
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
