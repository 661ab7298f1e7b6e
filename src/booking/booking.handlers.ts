import { randomBytes } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { Clock, CLOCK, derivedId, newId } from '../core/clock';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { MAILER, Mailer, MailMessage } from '../core/mail/mail.port';
import { FILE_STORE, FileStore } from '../core/files/files.port';
import { organizationLogo } from '../core/http/public-logo';
import { APP_CONFIG, AppConfig } from '../config/config';
import { CreateCustomer } from '../customers/customers.commands';
import { liveCustomerByContactEmail } from '../customers/customers.read-models';
import { organizationById, userById, userOf, usersByIds } from '../identity/identity.read-models';
import { jobDecider } from '../scheduling/job.decider';
import { schedulingStreams } from '../scheduling/scheduling.events';
import { EMAIL_MAX, isEmailAddress } from '../shared/email';
import type {
  BookingLinkInput,
  BookingLinkView,
  BookingRequest,
  BookingSlots,
  PublicBookingLink,
  SharedBooking,
} from '../shared/booking';
import {
  ALREADY_CANCELLED,
  bookingLinkDecider,
  CANCELLED_BY_COMPANY,
  closedForMoves,
  LINK_CLOSED_FOR_MOVES,
  LINK_NOT_FOUND,
  linkClosed,
  SLOT_NOT_OFFERED,
  SLOT_TAKEN,
  VISIT_NOT_FOUND,
} from './booking-link.decider';
import { BOOKED_ONLINE, bookedOnlineLike } from './booked-customers';
import { BookingConfirmations } from './booking-confirmations';
import { BookedVisit, BookingLinkSettings, bookingStreams, Visitor } from './booking.events';
import {
  BookingLinkDoc,
  bookingById,
  bookingLinkById,
  bookingLinkOfVisit,
  bookingsEndedByCompany,
  organizationBookingLinks,
} from './booking.read-models';
import { BookingThrottle } from './booking-throttle';
import { dayRange, SlotCache } from './slot-cache';
import { slotAt } from './slots';
import { rulesOf, staffTimes } from './staff-times';
import {
  sendVisitMails,
  staffRecipient,
  visitCancelledMails,
  VisitMailContext,
  visitInvite,
  visitMovedMails,
} from './visit-mail';

/** Ids of links and bookings: 128 random bits, URL-safe (22 characters). */
export const newPublicId = () => randomBytes(16).toString('base64url');
const isPublicId = (id: unknown): id is string => typeof id === 'string' && id.length === 22 && /^[\w-]+$/.test(id);
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

export class CreateBookingLink {
  constructor(
    readonly input: BookingLinkInput,
    readonly meta: CommandMeta,
  ) {}
}
export class ChangeBookingLink {
  constructor(
    readonly linkId: string,
    readonly input: BookingLinkInput & { status?: 'active' | 'paused' },
    readonly meta: CommandMeta,
  ) {}
}
export class DeleteBookingLink {
  constructor(
    readonly linkId: string,
    readonly meta: CommandMeta,
  ) {}
}
export class BookVisit {
  constructor(
    readonly linkId: string,
    readonly request: BookingRequest,
    readonly ipAddress: string,
  ) {}
}
export class CancelVisit {
  constructor(
    readonly bookingId: string,
    readonly ipAddress: string,
  ) {}
}
export class MoveVisit {
  constructor(
    readonly bookingId: string,
    readonly start: unknown,
    readonly ipAddress: string,
  ) {}
}
/** The organization's logo for a link's page or a visit's page. */
export class GetBookingLogo {
  constructor(
    readonly of: { linkId: string } | { bookingId: string },
    readonly ipAddress: string,
  ) {}
}
export class ListBookingLinks {
  constructor(readonly organizationId: string) {}
}
export class GetPublicBookingLink {
  constructor(
    readonly linkId: string,
    readonly ipAddress: string,
  ) {}
}
export class GetBookingSlots {
  constructor(
    readonly linkId: string,
    readonly from: string | undefined,
    readonly to: string | undefined,
    readonly ipAddress: string,
  ) {}
}
export class GetSharedBooking {
  constructor(
    readonly bookingId: string,
    readonly ipAddress: string,
  ) {}
}

const SETTINGS_KEYS: (keyof BookingLinkSettings)[] = [
  'serviceName',
  'durationMinutes',
  'staffIds',
  'minimumNoticeMinutes',
  'horizonDays',
  'bufferMinutes',
  'expiresOn',
  'maxBookings',
];
const settingsOf = (input: BookingLinkInput): Partial<BookingLinkSettings> =>
  Object.fromEntries(SETTINGS_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));

/** Staff of the link must be the organization's people. */
async function checkStaff(store: ReadStore, organizationId: string, staffIds: unknown) {
  if (!Array.isArray(staffIds)) return;
  for (const id of staffIds)
    if (typeof id !== 'string' || !(await userOf(store, organizationId, id)))
      throw new ValidationError('Choose staff members of your organization');
}

@CommandHandler(CreateBookingLink)
export class CreateBookingLinkHandler implements ICommandHandler<CreateBookingLink> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ input, meta }: CreateBookingLink) {
    await checkStaff(this.store, meta.organizationId, input.staffIds);
    const linkId = newPublicId();
    const settings: BookingLinkSettings = {
      serviceName: '',
      durationMinutes: 60,
      staffIds: [],
      minimumNoticeMinutes: 120,
      horizonDays: 30,
      bufferMinutes: 0,
      expiresOn: null,
      maxBookings: null,
      ...settingsOf(input),
    };
    await this.aggregates.execute(
      bookingStreams.link(linkId),
      bookingLinkDecider,
      {
        type: 'CreateBookingLink',
        linkId,
        organizationId: meta.organizationId,
        settings,
        createdBy: meta.actorUserId!,
      },
      meta,
    );
    return { id: linkId };
  }
}

@CommandHandler(ChangeBookingLink)
export class ChangeBookingLinkHandler implements ICommandHandler<ChangeBookingLink> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ linkId, input, meta }: ChangeBookingLink) {
    // Another organization's link is not found, also when the change is empty.
    const link = isPublicId(linkId) ? await bookingLinkById(this.store, linkId) : null;
    if (!link || link.organizationId !== meta.organizationId)
      throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    await checkStaff(this.store, meta.organizationId, input.staffIds);
    const stream = bookingStreams.link(linkId);
    const organizationId = meta.organizationId;
    const settings = settingsOf(input);
    if (Object.keys(settings).length)
      await this.aggregates.execute(
        stream,
        bookingLinkDecider,
        { type: 'ChangeBookingLink', organizationId, settings },
        meta,
      );
    if (input.status === 'paused' || input.status === 'active')
      await this.aggregates.execute(
        stream,
        bookingLinkDecider,
        { type: input.status === 'paused' ? 'PauseBookingLink' : 'ResumeBookingLink', organizationId },
        meta,
      );
  }
}

@CommandHandler(DeleteBookingLink)
export class DeleteBookingLinkHandler implements ICommandHandler<DeleteBookingLink> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ linkId, meta }: DeleteBookingLink) {
    if (!isPublicId(linkId)) throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    await this.aggregates.execute(
      bookingStreams.link(linkId),
      bookingLinkDecider,
      { type: 'DeleteBookingLink', organizationId: meta.organizationId },
      meta,
    );
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

/** A link that takes bookings now, for the public calls; 404 for an unknown one, 410 paused, expired or used up. */
async function openLink(store: ReadStore, linkId: string, now: Date) {
  const link = isPublicId(linkId) ? await bookingLinkById(store, linkId) : null;
  if (!link) throw new NotFoundError('The booking link', LINK_NOT_FOUND);
  const organization = await organizationById(store, link.organizationId);
  const zone = organization?.timeZone ?? 'UTC';
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const closed = linkClosed({ status: link.status, settings: link, bookings: link.bookings }, today);
  if (closed) throw closed;
  return { link, organization, zone, today };
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

@CommandHandler(BookVisit)
export class BookVisitHandler implements ICommandHandler<BookVisit> {
  private readonly logger = new Logger('BookVisit');

  constructor(
    private readonly aggregates: Aggregates,
    private readonly commands: CommandBus,
    private readonly throttle: BookingThrottle,
    private readonly confirmations: BookingConfirmations,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ linkId, request, ipAddress }: BookVisit) {
    await this.throttle.book(ipAddress);
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
        {
          type: 'ScheduleJob',
          jobId,
          organizationId,
          actorIsCompanyAdmin: false,
          fields: {
            name: link.serviceName,
            notes:
              [
                visitor.note,
                visitor.phone && `Phone: ${visitor.phone}`,
                visitor.address && `Address: ${visitor.address}`,
              ]
                .filter(Boolean)
                .join('\n') || null,
            number: null,
            type: null,
            userIds: [staffId],
            leadUserId: staffId,
            customerId,
            colorOption: null,
            hideFromScheduleView: false,
            availabilityOnly: false,
            start: visit.start,
            end: visit.end,
            selfBooked: true,
            scheduledOnBehalfOf: visitor.name,
            bookingId,
          },
        },
        meta(),
      ),
      () => withdrawVisit(this.aggregates, linkId, bookingId, meta()),
    );
    const invite = visitInvite(
      mailContext(this.config, link, organization, bookingId, now.toISOString()),
      visit,
      0,
      'REQUEST',
      visitor.email,
    );
    await this.confirm(
      visitor.email,
      bookingId,
      link.serviceName,
      organization?.name ?? null,
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
    start: string,
    zone: string,
    invite: NonNullable<MailMessage['attachments']>[number],
  ) {
    if (!(await this.confirmations.mayMail(to))) {
      this.logger.log(`the confirmation of booking ${bookingId} was not sent: its address had enough this hour`);
      return;
    }
    const when = DateTime.fromISO(start, { zone }).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");
    const from = organizationName ?? 'We';
    await this.mailer
      .send({
        id: `booking-${derivedId(`booking confirmation:${bookingId}`)}`,
        to,
        subject: `Booked: ${serviceName}, ${when}`,
        text: `Hello,\n\n${from} has booked your visit: ${serviceName} on ${when}.\n\nSee, move or cancel it here:\n\n${this.config.publicUrl}/share/booking/${bookingId}\n\nIf you did not book this visit, you can cancel it on that page.\n\nThank you!\n`,
        attachments: [invite],
      })
      .catch((error) => this.logger.warn(`the confirmation of booking ${bookingId} was not sent: ${String(error)}`));
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
}

/** The booking and its link, for the visit's own page; an unknown id is a 404. */
export async function bookedVisit(store: ReadStore, bookingId: string) {
  const booking = isPublicId(bookingId) ? await bookingById(store, bookingId) : null;
  const link = booking ? await bookingLinkOfVisit(store, booking.linkId) : null;
  if (!booking || !link) throw new NotFoundError('The booking', VISIT_NOT_FOUND);
  return { booking, link };
}

/** What the visit's e-mails name: the organization, in its zone, and the visit's page. */
const mailContext = (
  config: AppConfig,
  link: BookingLinkDoc,
  organization: { name: string; timeZone: string } | null,
  bookingId: string,
  at: string,
): VisitMailContext => ({
  bookingId,
  serviceName: link.serviceName,
  organizationName: organization?.name ?? '',
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

@CommandHandler(CancelVisit)
export class CancelVisitHandler implements ICommandHandler<CancelVisit> {
  private readonly logger = new Logger('CancelVisit');

  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The job first, then the link's stream: the link's decision is tried before (it refuses what it would refuse,
   * too late, cancelled already), so once the job is deleted only a lost race remains, decided again. Were the
   * link's write to fail even so, the visit's job is gone and the visit ends at its next decision (withdrawn).
   */
  async execute({ bookingId, ipAddress }: CancelVisit) {
    await this.throttle.book(ipAddress);
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
    await sendVisitMails(this.mailer, mails, (line) => this.logger.warn(line));
  }
}

@CommandHandler(MoveVisit)
export class MoveVisitHandler implements ICommandHandler<MoveVisit> {
  private readonly logger = new Logger('MoveVisit');

  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The link's stream decides the new time and staff member, then the job follows. Should the job's write fail
   * after the link's, the link's stream is compensated: the visit ends when its job was deleted meanwhile, else it
   * moves back to where its job still is.
   */
  async execute({ bookingId, start: startValue, ipAddress }: MoveVisit) {
    await this.throttle.book(ipAddress);
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
    await sendVisitMails(this.mailer, mails, (line) => this.logger.warn(line));
  }
}

@QueryHandler(ListBookingLinks)
export class ListBookingLinksHandler implements IQueryHandler<ListBookingLinks> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId }: ListBookingLinks): Promise<BookingLinkView[]> {
    const links = await organizationBookingLinks(this.store, organizationId);
    const users = new Map(
      (await usersByIds(this.store, [...new Set(links.flatMap((l) => l.staffIds))])).map((u) => [u._id, u.fullName]),
    );
    return links.map((l) => ({
      id: l._id,
      serviceName: l.serviceName,
      durationMinutes: l.durationMinutes,
      staff: l.staffIds.map((id) => ({ id, fullName: users.get(id) ?? 'Former employee' })),
      minimumNoticeMinutes: l.minimumNoticeMinutes,
      horizonDays: l.horizonDays,
      bufferMinutes: l.bufferMinutes,
      expiresOn: l.expiresOn,
      maxBookings: l.maxBookings,
      status: l.status === 'paused' ? 'paused' : 'active',
      bookings: l.bookings,
      publicPath: `/book/${l._id}`,
      createdAt: l.createdAt,
    }));
  }
}

@QueryHandler(GetPublicBookingLink)
export class GetPublicBookingLinkHandler implements IQueryHandler<GetPublicBookingLink> {
  constructor(
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ linkId, ipAddress }: GetPublicBookingLink): Promise<PublicBookingLink> {
    await this.throttle.view(ipAddress);
    const { link, organization, zone } = await openLink(this.store, linkId, this.clock.now());
    return {
      organizationName: organization?.name ?? '',
      logoUrl: organization?.logoFileId ? `/api/booking-links/${link._id}/logo` : null,
      serviceName: link.serviceName,
      durationMinutes: link.durationMinutes,
      timeZone: zone,
    };
  }
}

@QueryHandler(GetBookingSlots)
export class GetBookingSlotsHandler implements IQueryHandler<GetBookingSlots> {
  constructor(
    private readonly throttle: BookingThrottle,
    private readonly cache: SlotCache,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ linkId, from, to, ipAddress }: GetBookingSlots): Promise<BookingSlots> {
    await this.throttle.slots(ipAddress);
    const now = this.clock.now();
    const { link, zone } = await openLink(this.store, linkId, now);
    const { first, days } = dayRange(from, to, zone, now);
    const slots = await this.cache.slots(link, zone, first, days, now.getTime());
    return { timeZone: zone, slots: slots.map(({ start, end }) => ({ start, end })) };
  }
}

@QueryHandler(GetSharedBooking)
export class GetSharedBookingHandler implements IQueryHandler<GetSharedBooking> {
  constructor(
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ bookingId, ipAddress }: GetSharedBooking): Promise<SharedBooking> {
    await this.throttle.view(ipAddress);
    const now = this.clock.now().getTime();
    const { booking, link } = await bookedVisit(this.store, bookingId);
    const [organization, staff] = await Promise.all([
      organizationById(this.store, booking.organizationId),
      userById(this.store, booking.staffId),
    ]);
    const view = {
      id: booking._id,
      organizationName: organization?.name ?? '',
      logoUrl: organization?.logoFileId ? `/api/share/booking/${booking._id}/logo` : null,
      serviceName: link.serviceName,
      staffName: staff?.fullName ?? 'Former employee',
      start: booking.start,
      end: booking.end,
      timeZone: organization?.timeZone ?? 'UTC',
      visitorName: booking.visitorName,
      linkId: booking.linkId,
    };
    const zone = organization?.timeZone ?? 'UTC';
    const canChange =
      booking.status === 'booked' && Date.parse(booking.start) >= now + (link?.minimumNoticeMinutes ?? 0) * 60_000;
    const today = DateTime.fromMillis(now, { zone }).toISODate()!;
    return {
      ...view,
      status: booking.status,
      cancelledBy: booking.status === 'cancelled' ? (booking.cancelledBy ?? 'visitor') : null,
      canChange,
      canMove: canChange && !closedForMoves({ status: link.status, settings: link }, today),
    };
  }
}

@QueryHandler(GetBookingLogo)
export class GetBookingLogoHandler implements IQueryHandler<GetBookingLogo> {
  constructor(
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** Any link or visit the pages know (a paused or used-up link's too); else 404. */
  async execute({ of, ipAddress }: GetBookingLogo) {
    await this.throttle.view(ipAddress);
    const organizationId =
      'linkId' in of
        ? (isPublicId(of.linkId) ? await bookingLinkById(this.store, of.linkId) : null)?.organizationId
        : (await bookedVisit(this.store, of.bookingId)).booking.organizationId;
    if (!organizationId) throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    return organizationLogo(this.files, await organizationById(this.store, organizationId));
  }
}
