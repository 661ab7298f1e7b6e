import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { Clock, CLOCK, derivedId, newId } from '../core/clock';
import { ConflictError, GoneError, ValidationError } from '../core/errors';
import { letter, type Letterhead } from '../core/mail/letter';
import { MAILER, Mailer, MailMessage } from '../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { CreateCustomer } from '../customers/customers.commands';
import { liveCustomerByContactEmail } from '../customers/customers.read-models';
import { organizationById, type OrganizationDoc } from '../identity/identity.read-models';
import { letterheadOf } from '../identity/mail-logo';
import { jobDecider } from '../scheduling/job.decider';
import { schedulingStreams } from '../scheduling/scheduling.events';
import { EMAIL_MAX, isEmailAddress } from '../shared/email';
import type { BookingRequest } from '../shared/booking';
import {
  ALREADY_CANCELLED,
  bookingLinkDecider,
  CANCELLED_BY_COMPANY,
  closedForMoves,
  LINK_CLOSED_FOR_MOVES,
  SLOT_NOT_OFFERED,
  SLOT_TAKEN,
} from './booking-link.decider';
import { BOOKED_ONLINE, bookedOnlineLike } from './booked-customers';
import { BookingConfirmations } from './booking-confirmations';
import { BookedVisit, bookingStreams, Visitor } from './booking.events';
import { BookingLinkDoc, bookingsEndedByCompany } from './booking.read-models';
import { bookedVisit, newPublicId, openLink } from './public-booking';
import { slotAt } from './slots';
import { rulesOf, staffTimes } from './staff-times';
import {
  sendVisitMails,
  staffRecipient,
  visitCancelledMails,
  VisitMailContext,
  visitInvite,
  visitMovedMails,
  visitPageLink,
} from './visit-mail';

/** The message Aggregates gives a lost race on the link's stream, so that the booking is decided again. */
const RACED = 'booking: the link changed meanwhile';

/** A decision on a link's stream; lost to another visitor at the same moment, it is decided again on what they took. */
async function againOnRace<T>(decide: () => Promise<T>): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof ConflictError) || error.message !== RACED) throw error;
    return decide();
  }
}

/**
 * Whether the link's page offers `start` (its grid on the organization's wall clock, inside availability, notice and
 * horizon) and who of its staff is free then, in the link's order (`ignoreJobId`: the visit being moved). A time
 * the page never offers is SLOT_NOT_OFFERED; an offered one nobody is free at was taken (SLOT_TAKEN).
 */
async function slotOf(
  store: ReadStore,
  link: BookingLinkDoc,
  zone: string,
  start: number,
  now: Date,
  ignoreJobId: string | null = null,
): Promise<string[]> {
  const end = start + link.durationMinutes * 60_000;
  const staff = await staffTimes(store, link, start, end, ignoreJobId);
  const slot = slotAt({ zone, rules: rulesOf(link), staff, start, now: now.getTime() });
  if (!slot.offered) throw new ValidationError(SLOT_NOT_OFFERED);
  if (!slot.staffIds.length) throw new ConflictError(SLOT_TAKEN);
  return slot.staffIds;
}

const text = (value: unknown, max: number, message: string, required = false): string | null => {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ValidationError(message);
    return null;
  }
  if (typeof value !== 'string') throw new ValidationError(message);
  if (value.length > max)
    throw new ValidationError(`${message.replace(' is required', '')} must be at most ${max} characters`);
  const trimmed = value.trim();
  if (required && !trimmed) throw new ValidationError(message);
  return trimmed || null;
};

function emailOf(value: unknown): string {
  const email = text(value, EMAIL_MAX, 'Email is required', true)!.toLowerCase();
  if (!isEmailAddress(email)) throw new ValidationError('Enter a valid email address');
  return email;
}

/** What the visit's e-mails name: the organization, in its zone, and the visit's page. */
const mailContext = (
  config: AppConfig,
  link: BookingLinkDoc,
  organization: OrganizationDoc | null,
  bookingId: string,
  at: string,
): VisitMailContext => ({
  bookingId,
  serviceName: link.serviceName,
  organizationName: organization?.name ?? '',
  letterhead: letterheadOf(organization, config.publicUrl),
  zone: organization?.timeZone ?? 'UTC',
  publicUrl: config.publicUrl,
  mailFrom: config.mailFrom,
  at,
});

const visitorMeta = (organizationId: string, at: string): CommandMeta => ({
  organizationId,
  actorUserId: null,
  correlationId: newId(),
  at,
});

/**
 * The visit's job and its link's stream are two streams, kept in step as a process (#24): the job is checked
 * first (a visit whose job a manager deleted ends on the link's stream, 'cancelled by the company'), the
 * visitor's change is written so that a failure cannot leave them apart, and a write that fails after the other
 * is compensated on the link's stream.
 */
async function jobKept(aggregates: Aggregates, jobId: string): Promise<boolean> {
  return (await aggregates.load(schedulingStreams.job(jobId), jobDecider)).state.status === 'scheduled';
}

/** Ends the visit on its link's stream, its job being off the schedule (nothing when it has ended already). */
async function withdrawVisit(aggregates: Aggregates, linkId: string, bookingId: string, meta: CommandMeta) {
  return againOnRace(() =>
    aggregates.execute(
      bookingStreams.link(linkId),
      bookingLinkDecider,
      { type: 'WithdrawVisit', bookingId },
      meta,
      RACED,
    ),
  );
}

/** A visit whose job is gone: ended on the link's stream, then why it cannot change (the company's or the visitor's cancel). */
async function visitEnded(
  aggregates: Aggregates,
  linkId: string,
  bookingId: string,
  meta: CommandMeta,
): Promise<never> {
  const { state } = await withdrawVisit(aggregates, linkId, bookingId, meta);
  if (state.status !== 'none' && state.cancelled.includes(bookingId) && !state.withdrawn?.includes(bookingId))
    throw new ConflictError(ALREADY_CANCELLED);
  throw new ConflictError(CANCELLED_BY_COMPANY);
}

/** Runs `write`; when it fails, runs `compensate` and fails with the same error. */
async function onFailure<T>(write: Promise<T>, compensate: () => Promise<unknown>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    await compensate();
    throw error;
  }
}

/** A write to a job, decided again once when a manager changed the job at the same moment. */
async function againOnJobRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return write();
  }
}

/** The link's visits whose jobs a manager deleted, the link's stream not yet told (see the booking projection). */
async function visitsWithJobsDeleted(store: ReadStore, linkId: string): Promise<string[]> {
  return (await bookingsEndedByCompany(store, linkId)).map((b) => b._id);
}

/** The visit's job on the schedule: the link's service, with the visitor's note, phone and address as its notes. */
const visitJob = (
  link: BookingLinkDoc,
  visitor: Visitor,
  visit: { bookingId: string; jobId: string; start: string; end: string; staffId: string; customerId: string },
) => ({
  type: 'ScheduleJob' as const,
  jobId: visit.jobId,
  organizationId: link.organizationId,
  actorIsCompanyAdmin: false,
  fields: {
    name: link.serviceName,
    notes:
      [visitor.note, visitor.phone && `Phone: ${visitor.phone}`, visitor.address && `Address: ${visitor.address}`]
        .filter(Boolean)
        .join('\n') || null,
    number: null,
    type: null,
    userIds: [visit.staffId],
    leadUserId: visit.staffId,
    customerId: visit.customerId,
    colorOption: null,
    hideFromScheduleView: false,
    availabilityOnly: false,
    start: visit.start,
    end: visit.end,
    selfBooked: true,
    scheduledOnBehalfOf: visitor.name,
    bookingId: visit.bookingId,
  },
});

/**
 * A visitor's visit, a process across three aggregates (#16, #24): the booking link's stream decides the time and
 * the staff member, a new customer is created for the visitor, the visit's job follows on the schedule, and the
 * visitor and staff are mailed. The visitor waits for its answer (a lost race is their 409), so it runs inside the
 * public command that asks for it rather than on the log; there is no transaction across the streams, so each
 * flow orders its writes and compensates on the link's stream when the job's write fails (docs/booking.md).
 */
@Injectable()
export class VisitBookings {
  private readonly log = {
    book: new Logger('BookVisit'),
    cancel: new Logger('CancelVisit'),
    move: new Logger('MoveVisit'),
  };

  constructor(
    private readonly aggregates: Aggregates,
    private readonly commands: CommandBus,
    private readonly confirmations: BookingConfirmations,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async book(linkId: string, request: BookingRequest): Promise<{ id: string }> {
    const now = this.clock.now();
    const { link, organization, zone, today } = await openLink(this.store, linkId, now);
    const startText = text(request.start, 40, 'Choose a time', true)!;
    const start = Date.parse(startText);
    if (Number.isNaN(start)) throw new ValidationError('Choose a time');
    const visitor: Visitor = {
      name: text(request.name, 100, 'Name is required', true)!,
      email: emailOf(request.email),
      phone: text(request.phone, 30, 'Phone must be text'),
      address: text(request.address, 300, 'Address must be text'),
      note: text(request.note, 2000, 'Note must be text'),
    };
    const end = start + link.durationMinutes * 60_000;
    // Before the customer is created: a time the page does not offer, or nobody is free at, creates nothing.
    const freeStaffIds = await slotOf(this.store, link, zone, start, now);
    const organizationId = link.organizationId;
    const meta = (): CommandMeta => ({
      organizationId,
      actorUserId: null,
      correlationId: newId(),
      at: this.clock.now().toISOString(),
    });
    const customerId = await this.customerFor(organizationId, visitor, meta());
    const bookingId = newPublicId();
    const jobId = derivedId(`booked visit:${bookingId}`);
    const visit = { bookingId, jobId, start: new Date(start).toISOString(), end: new Date(end).toISOString() };
    const jobsDeleted = await visitsWithJobsDeleted(this.store, linkId);
    const decide = () =>
      this.aggregates.execute(
        bookingStreams.link(linkId),
        bookingLinkDecider,
        { type: 'BookVisit', visit, freeStaffIds, visitor, customerId, at: now.toISOString(), today, jobsDeleted },
        meta(),
        RACED,
      );
    const booked = await againOnRace(decide);
    const staffId = booked.events.flatMap((e) => (e.type === 'VisitBooked' ? [e.data.staffId] : []))[0];
    // The link's stream has the visit; should its job not be written, the visit ends with it (compensation).
    await onFailure(
      this.aggregates.execute(
        schedulingStreams.job(jobId),
        jobDecider,
        visitJob(link, visitor, { ...visit, staffId, customerId }),
        meta(),
      ),
      () => withdrawVisit(this.aggregates, linkId, bookingId, meta()),
    );
    const ctx = mailContext(this.config, link, organization, bookingId, now.toISOString());
    const invite = visitInvite(ctx, visit, 0, 'REQUEST', visitor.email);
    await this.confirm(
      visitor.email,
      bookingId,
      link.serviceName,
      organization?.name ?? null,
      ctx.letterhead,
      visit.start,
      zone,
      invite,
    );
    return { id: bookingId };
  }

  /**
   * The visit's own page, where it can be moved or cancelled: sent once the visit is on the schedule, at most a few
   * an hour to one address (BookingConfirmations). Anyone may type any address, so it says only what the
   * organization set up (its name, the service, the time), nothing the visitor wrote (no name, no note). A failed
   * or withheld e-mail does not undo the booking (the visitor is on that page already).
   */
  private async confirm(
    to: string,
    bookingId: string,
    serviceName: string,
    organizationName: string | null,
    letterhead: Letterhead,
    start: string,
    zone: string,
    invite: NonNullable<MailMessage['attachments']>[number],
  ) {
    if (!(await this.confirmations.mayMail(to))) {
      this.log.book.log(`the confirmation of booking ${bookingId} was not sent: its address had enough this hour`);
      return;
    }
    const when = DateTime.fromISO(start, { zone }).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");
    const from = organizationName ?? 'We';
    await this.mailer
      .send(
        letter({
          id: `booking-${derivedId(`booking confirmation:${bookingId}`)}`,
          to,
          subject: `Booked: ${serviceName}, ${when}`,
          from: letterhead,
          body: [
            'Hello,',
            `${from} has booked your visit: ${serviceName} on ${when}.`,
            visitPageLink({ publicUrl: this.config.publicUrl, bookingId }),
            'If you did not book this visit, you can cancel it on that page.',
            'Thank you!',
          ],
          attachments: [invite],
        }),
      )
      .catch((error) => this.log.book.warn(`the confirmation of booking ${bookingId} was not sent: ${String(error)}`));
  }

  /**
   * A new customer in the visitor's name, always: anyone may type anyone's e-mail on a public page, so a booking is
   * never attached to an existing customer without proof (their note and phone would land on that customer's job, a
   * rating e-mail later go to them). A customer with that e-mail already is named in the new one's notes, for a
   * manager to see (the visitor's answer is the same either way).
   */
  private async customerFor(organizationId: string, visitor: Visitor, meta: CommandMeta): Promise<string> {
    const known = await liveCustomerByContactEmail(this.store, organizationId, visitor.email);
    const [first, ...rest] = visitor.name.split(' ');
    const { customerId } = await this.commands.execute(
      new CreateCustomer(
        {
          contactFirstName: first,
          contactLastName: rest.join(' ') || null,
          contactEmail: visitor.email,
          address1: visitor.address,
          notes: known ? bookedOnlineLike(known.label) : BOOKED_ONLINE,
        },
        meta,
      ),
    );
    return customerId as string;
  }

  /**
   * The job first, then the link's stream: the link's decision is tried before (it refuses what it would refuse,
   * too late, cancelled already), so once the job is deleted only a lost race remains, decided again. Were the
   * link's write to fail even so, the visit's job is gone and the visit ends at its next decision (withdrawn).
   */
  async cancel(bookingId: string): Promise<void> {
    const { booking, link } = await bookedVisit(this.store, bookingId);
    const at = this.clock.now().toISOString();
    const meta = visitorMeta(link.organizationId, at);
    const stream = bookingStreams.link(link._id);
    const cancel = { type: 'CancelVisit' as const, bookingId, at };
    if (!(await jobKept(this.aggregates, booking.jobId))) await visitEnded(this.aggregates, link._id, bookingId, meta);
    bookingLinkDecider.decide(cancel, (await this.aggregates.load(stream, bookingLinkDecider)).state);
    await againOnJobRace(async () => {
      // Deleted meanwhile by a manager: gone either way, the visitor's cancel stands.
      if (!(await jobKept(this.aggregates, booking.jobId))) return;
      await this.aggregates.execute(
        schedulingStreams.job(booking.jobId),
        jobDecider,
        { type: 'DeleteJob', organizationId: link.organizationId },
        meta,
      );
    });
    const { state } = await againOnRace(() => this.aggregates.execute(stream, bookingLinkDecider, cancel, meta, RACED));
    const [organization, staff] = await Promise.all([
      organizationById(this.store, link.organizationId),
      staffRecipient(this.store, link.organizationId, booking.staffId),
    ]);
    const mails = visitCancelledMails({
      ctx: mailContext(this.config, link, organization, bookingId, at),
      visitorEmail: booking.visitorEmail,
      visit: { start: booking.start, end: booking.end, staff },
      sequence: (state.status === 'none' ? 0 : (state.moves[bookingId] ?? 0)) + 1,
    });
    await sendVisitMails(this.mailer, mails, (line) => this.log.cancel.warn(line));
  }

  /**
   * The link's stream decides the new time and staff member, then the job follows. Should the job's write fail
   * after the link's, the link's stream is compensated: the visit ends when its job was deleted meanwhile, else it
   * moves back to where its job still is.
   */
  async move(bookingId: string, startValue: unknown): Promise<void> {
    const { booking, link } = await bookedVisit(this.store, bookingId);
    const start = Date.parse(text(startValue, 40, 'Choose a time', true)!);
    if (Number.isNaN(start)) throw new ValidationError('Choose a time');
    const meta = () => visitorMeta(link.organizationId, this.clock.now().toISOString());
    if (!(await jobKept(this.aggregates, booking.jobId)))
      await visitEnded(this.aggregates, link._id, bookingId, meta());
    const end = start + link.durationMinutes * 60_000;
    const organization = await organizationById(this.store, link.organizationId);
    const zone = organization?.timeZone ?? 'UTC';
    const now = this.clock.now();
    const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
    const stream = bookingStreams.link(link._id);
    const before = (await this.aggregates.load(stream, bookingLinkDecider)).state;
    // A closed link offers no slots: say so rather than 'not available' (the decider checks it again).
    if (before.status !== 'none' && !before.cancelled.includes(bookingId) && closedForMoves(before, today))
      throw new GoneError(LINK_CLOSED_FOR_MOVES);
    const freeStaffIds = await slotOf(this.store, link, zone, start, now, booking.jobId);
    const move = () =>
      this.aggregates.execute(
        stream,
        bookingLinkDecider,
        {
          type: 'MoveVisit',
          bookingId,
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
          freeStaffIds,
          at: now.toISOString(),
          today,
        },
        meta(),
        RACED,
      );
    const moved = await againOnRace(move);
    // Nothing appended: asked again for the time it has; the job is set to it all the same.
    const movedNow = moved.events[0]?.data as (BookedVisit & { linkId: string; organizationId: string }) | undefined;
    const visit = (movedNow ??
      (moved.state.status === 'none' ? null : moved.state.visits.find((v) => v.bookingId === bookingId)) ??
      booking) as { staffId: string; start: string; end: string };
    const was = before.status === 'none' ? undefined : before.visits.find((v) => v.bookingId === bookingId);
    await onFailure(
      againOnJobRace(() =>
        this.aggregates.execute(
          schedulingStreams.job(booking.jobId),
          jobDecider,
          {
            type: 'ChangeJob',
            organizationId: link.organizationId,
            actorIsCompanyAdmin: false,
            changes: { start: visit.start, end: visit.end, userIds: [visit.staffId], leadUserId: visit.staffId },
          },
          meta(),
        ),
      ),
      async () => {
        if (!(await jobKept(this.aggregates, booking.jobId)))
          return withdrawVisit(this.aggregates, link._id, bookingId, meta());
        // Back where its job still is: a fact of the link's stream, not a visitor's choice to decide again.
        if (was && movedNow)
          await this.aggregates.append(
            stream,
            [{ type: 'VisitMoved', data: { ...movedNow, staffId: was.staffId, start: was.start, end: was.end } }],
            'any',
            meta(),
          );
      },
    ).catch(async (error) => {
      if (!(await jobKept(this.aggregates, booking.jobId))) throw new ConflictError(CANCELLED_BY_COMPANY);
      throw error;
    });
    if (!movedNow || moved.state.status === 'none') return;
    const [staffBefore, staffAfter] = await Promise.all([
      staffRecipient(this.store, link.organizationId, booking.staffId),
      staffRecipient(this.store, link.organizationId, visit.staffId),
    ]);
    const mails = visitMovedMails({
      ctx: mailContext(this.config, link, organization, bookingId, now.toISOString()),
      visitorEmail: booking.visitorEmail,
      before: { start: booking.start, end: booking.end, staff: staffBefore },
      after: { start: visit.start, end: visit.end, staff: staffAfter },
      sequence: moved.state.moves[bookingId] ?? 1,
    });
    await sendVisitMails(this.mailer, mails, (line) => this.log.move.warn(line));
  }
}
