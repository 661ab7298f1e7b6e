import { DateTime } from 'luxon';
import { derivedId } from '../core/clock';
import { letter, type Letterhead } from '../core/mail/letter';
import type { Mailer, MailAttachment, MailMessage } from '../core/mail/mail.port';
import type { ReadStore } from '../core/read-store/read-store.port';
import { userOf } from '../identity/identity.read-models';
import { calendarInvite } from './ics';

/**
 * The e-mails of a booked visit's changes (#24 item 15): to the visitor and to the staff member(s) it concerns, with
 * the old and the new time in the organization's zone and a calendar invitation. They echo none of the visitor's
 * own text (a stranger's e-mail address could be typed in). Ids are derived from the booking and its move count,
 * so a change sent again (a retried request) is the same outbox file and the same Message-ID.
 */
export interface VisitMailContext {
  bookingId: string;
  serviceName: string;
  organizationName: string;
  /** The organization's letterhead (`letterheadOf`). */
  letterhead: Letterhead;
  zone: string;
  /** Where the visit's page lives: `${publicUrl}/share/booking/<id>`. */
  publicUrl: string;
  /** The sender ('CrewClock <no-reply@…>'): the invitation's organizer address. */
  mailFrom: string;
  /** When the change was made (UTC ISO): the invitation's DTSTAMP. */
  at: string;
}

export interface VisitTime {
  start: string;
  end: string;
}

export interface StaffRecipient {
  id: string;
  firstName: string;
  email: string;
}

/** 'Tuesday, December 2, 2026 at 10:00 AM EST' */
export const visitWhen = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");

/** The invitation's UID: the same for the visit's whole life, and not its page's secret id. */
export const visitUid = (bookingId: string) => `${derivedId(`booking calendar:${bookingId}`)}@crewclock`;

const senderAddress = (from: string) => {
  const open = from.lastIndexOf('<');
  return (open < 0 ? from : from.slice(open + 1, from.indexOf('>', open))).trim();
};

const mailId = (kind: string, ctx: VisitMailContext, sequence: number, who: string) =>
  `booking-${kind}-${derivedId(`booking ${kind}:${ctx.bookingId}:${sequence}:${who}`)}`;

/** The visit as an .ics attachment for `attendee`: REQUEST (booked, moved) or CANCEL. */
export function visitInvite(
  ctx: VisitMailContext,
  visit: VisitTime,
  sequence: number,
  method: 'REQUEST' | 'CANCEL',
  attendee: string,
): MailAttachment {
  return {
    filename: method === 'CANCEL' ? 'cancelled.ics' : 'visit.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarInvite({
      method,
      uid: visitUid(ctx.bookingId),
      sequence,
      stamp: ctx.at,
      start: visit.start,
      end: visit.end,
      summary: `${ctx.serviceName} (${ctx.organizationName})`,
      organizer: { name: ctx.organizationName, email: senderAddress(ctx.mailFrom) },
      attendee: { email: attendee },
    }),
  };
}

/** The visitor's way to their visit's page, where they see, move or cancel it. */
export const visitPageLink = (ctx: Pick<VisitMailContext, 'publicUrl' | 'bookingId'>) => ({
  lead: 'See, move or cancel it here:',
  link: `${ctx.publicUrl}/share/booking/${ctx.bookingId}`,
  label: 'Your visit',
});

/**
 * A move from `before` to `after`: the visitor hears of it with its page's address; the staff member who has it now
 * gets the invitation, and the one who had it (when it went to someone else) a cancellation. `sequence`: moves so far.
 */
export function visitMovedMails(input: {
  ctx: VisitMailContext;
  visitorEmail: string;
  before: VisitTime & { staff: StaffRecipient | null };
  after: VisitTime & { staff: StaffRecipient | null };
  sequence: number;
}): MailMessage[] {
  const { ctx, before, after, sequence } = input;
  const was = visitWhen(before.start, ctx.zone);
  const now = visitWhen(after.start, ctx.zone);
  const times = `${ctx.serviceName}\nWas: ${was}\nNow: ${now}`;
  const reassigned = before.staff && after.staff && before.staff.id !== after.staff.id;
  const mails: MailMessage[] = [
    letter({
      id: mailId('moved', ctx, sequence, 'visitor'),
      to: input.visitorEmail,
      subject: `Moved: ${ctx.serviceName}, ${now}`,
      from: ctx.letterhead,
      body: [
        'Hello,',
        `Your visit with ${ctx.organizationName} has moved.`,
        `${times}${after.staff ? `\nWith: ${after.staff.firstName}` : ''}`,
        visitPageLink(ctx),
        'Thank you!',
      ],
      attachments: [visitInvite(ctx, after, sequence, 'REQUEST', input.visitorEmail)],
    }),
  ];
  if (after.staff)
    mails.push(
      letter({
        id: mailId('moved', ctx, sequence, after.staff.id),
        to: after.staff.email,
        subject: `Visit moved: ${ctx.serviceName}, ${now}`,
        from: ctx.letterhead,
        body: [
          `Hello ${after.staff.firstName},`,
          `A visit booked online ${
            reassigned ? `has moved to you (${before.staff!.firstName} is not free then)` : 'has moved'
          }.`,
          times,
          'It is on your schedule.',
        ],
        attachments: [visitInvite(ctx, after, sequence, 'REQUEST', after.staff.email)],
      }),
    );
  if (reassigned)
    mails.push(
      letter({
        id: mailId('moved', ctx, sequence, before.staff!.id),
        to: before.staff!.email,
        subject: `Visit moved to ${after.staff!.firstName}: ${ctx.serviceName}, ${now}`,
        from: ctx.letterhead,
        body: [
          `Hello ${before.staff!.firstName},`,
          `A visit booked online with you has moved, and ${after.staff!.firstName} takes it.`,
          times,
          'It is no longer on your schedule.',
        ],
        attachments: [visitInvite(ctx, before, sequence, 'CANCEL', before.staff!.email)],
      }),
    );
  return mails;
}

/** A cancellation: the visitor and the staff member get the invitation's CANCEL (`sequence`: moves so far + 1). */
export function visitCancelledMails(input: {
  ctx: VisitMailContext;
  visitorEmail: string;
  visit: VisitTime & { staff: StaffRecipient | null };
  sequence: number;
}): MailMessage[] {
  const { ctx, visit, sequence } = input;
  const when = visitWhen(visit.start, ctx.zone);
  const mails: MailMessage[] = [
    letter({
      id: mailId('cancelled', ctx, sequence, 'visitor'),
      to: input.visitorEmail,
      subject: `Cancelled: ${ctx.serviceName}, ${when}`,
      from: ctx.letterhead,
      body: [
        'Hello,',
        `Your visit with ${ctx.organizationName} has been cancelled.`,
        { lines: [ctx.serviceName, `Was: ${when}`] },
        'Thank you!',
      ],
      attachments: [visitInvite(ctx, visit, sequence, 'CANCEL', input.visitorEmail)],
    }),
  ];
  if (visit.staff)
    mails.push(
      letter({
        id: mailId('cancelled', ctx, sequence, visit.staff.id),
        to: visit.staff.email,
        subject: `Visit cancelled: ${ctx.serviceName}, ${when}`,
        from: ctx.letterhead,
        body: [
          `Hello ${visit.staff.firstName},`,
          'A visit booked online with you has been cancelled by the visitor.',
          { lines: [ctx.serviceName, `Was: ${when}`] },
          'It is no longer on your schedule.',
        ],
        attachments: [visitInvite(ctx, visit, sequence, 'CANCEL', visit.staff.email)],
      }),
    );
  return mails;
}

/** A staff member to tell, when they are still an active member of the organization. */
export async function staffRecipient(
  store: ReadStore,
  organizationId: string,
  userId: string,
): Promise<StaffRecipient | null> {
  const user = await userOf(store, organizationId, userId);
  return user?.active ? { id: user._id, firstName: user.firstName, email: user.email } : null;
}

/** Sends them all; a failed e-mail is logged and undoes nothing (the change is made and on the visit's page). */
export async function sendVisitMails(mailer: Mailer, mails: MailMessage[], warn: (line: string) => void) {
  await Promise.all(
    mails.map((mail) =>
      mailer.send(mail).catch((error) => warn(`${mail.id ?? 'an e-mail'} was not sent: ${String(error)}`)),
    ),
  );
}
