import { randomBytes } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { Clock, CLOCK, derivedId, newId } from '../core/clock';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { MAILER, Mailer } from '../core/mail/mail.port';
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
  bookingLinkDecider,
  LINK_NOT_FOUND,
  linkClosed,
  SLOT_NOT_OFFERED,
  SLOT_TAKEN,
  VISIT_NOT_FOUND,
} from './booking-link.decider';
import { BookingLinkSettings, bookingStreams, Visitor } from './booking.events';
import {
  BookingLinkDoc,
  bookingById,
  bookingLinkById,
  bookingLinkOfVisit,
  organizationBookingLinks,
} from './booking.read-models';
import { BookingThrottle } from './booking-throttle';
import { SlotCache } from './slot-cache';
import { bookableWindow } from './slots';
import { freeStaffAt, rulesOf } from './staff-times';
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
/** Days one slots read may cover: the booking page shows two weeks at a time. */
export const SLOTS_MAX_DAYS = 14;
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
    const freeStaffIds = await freeStaffAt(this.store, link, zone, start, end);
    // Checked again by the decider; here so that a time it would refuse creates no customer first.
    const window = bookableWindow(rulesOf(link), now.getTime());
    if (start < window.start || start >= window.end) throw new ValidationError(SLOT_NOT_OFFERED);
    if (!freeStaffIds.length) throw new ConflictError(SLOT_TAKEN);
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
    const decide = () =>
      this.aggregates.execute(
        bookingStreams.link(linkId),
        bookingLinkDecider,
        { type: 'BookVisit', visit, freeStaffIds, visitor, customerId, at: now.toISOString(), today },
        meta(),
        RACED,
      );
    const booked = await againOnRace(decide);
    const staffId = (booked.events[0].data as { staffId: string }).staffId;
    await this.aggregates.execute(
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
            [visitor.note, visitor.phone && `Phone: ${visitor.phone}`, visitor.address && `Address: ${visitor.address}`]
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
    );
    // The visit's own page, where it can be moved or cancelled. Sent once the visit is on the schedule; a failed
    // e-mail does not undo the booking (the visitor is on that page already).
    const when = DateTime.fromISO(visit.start, { zone }).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");
    const from = organization?.name ?? 'We';
    await this.mailer
      .send({
        id: `booking-${derivedId(`booking confirmation:${bookingId}`)}`,
        to: visitor.email,
        subject: `Booked: ${link.serviceName}, ${when}`,
        text: `Hello ${visitor.name},\n\n${from} has booked your visit: ${link.serviceName} on ${when}.\n\nSee, move or cancel it here:\n\n${this.config.publicUrl}/share/booking/${bookingId}\n\nThank you!\n`,
        attachments: [
          visitInvite(
            mailContext(this.config, link, organization, bookingId, now.toISOString()),
            visit,
            0,
            'REQUEST',
            visitor.email,
          ),
        ],
      })
      .catch((error) => this.logger.warn(`the confirmation of booking ${bookingId} was not sent: ${String(error)}`));
    return { id: bookingId };
  }

  /** The customer whose contact has the visitor's e-mail, else a new one in the visitor's name. */
  private async customerFor(organizationId: string, visitor: Visitor, meta: CommandMeta): Promise<string> {
    const found = await liveCustomerByContactEmail(this.store, organizationId, visitor.email);
    if (found) return found._id;
    const [first, ...rest] = visitor.name.split(' ');
    const { customerId } = await this.commands.execute(
      new CreateCustomer(
        {
          contactFirstName: first,
          contactLastName: rest.join(' ') || null,
          contactEmail: visitor.email,
          address1: visitor.address,
          notes: 'Booked online.',
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

  async execute({ bookingId, ipAddress }: CancelVisit) {
    await this.throttle.book(ipAddress);
    const { booking, link } = await bookedVisit(this.store, bookingId);
    const at = this.clock.now().toISOString();
    const meta = visitorMeta(link.organizationId, at);
    const { state } = await this.aggregates.execute(
      bookingStreams.link(link._id),
      bookingLinkDecider,
      { type: 'CancelVisit', bookingId, at },
      meta,
    );
    // The schedule follows: the visit's job goes (a second cancel never gets here: the decider refused it).
    await this.aggregates.execute(
      schedulingStreams.job(booking.jobId),
      jobDecider,
      { type: 'DeleteJob', organizationId: link.organizationId },
      meta,
    );
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

  async execute({ bookingId, start: startValue, ipAddress }: MoveVisit) {
    await this.throttle.book(ipAddress);
    const { booking, link } = await bookedVisit(this.store, bookingId);
    const start = Date.parse(text(startValue, 40, 'Choose a time', true)!);
    if (Number.isNaN(start)) throw new ValidationError('Choose a time');
    const end = start + link.durationMinutes * 60_000;
    const organization = await organizationById(this.store, link.organizationId);
    const zone = organization?.timeZone ?? 'UTC';
    const freeStaffIds = await freeStaffAt(this.store, link, zone, start, end, booking.jobId);
    const at = this.clock.now().toISOString();
    const meta = () => visitorMeta(link.organizationId, this.clock.now().toISOString());
    const move = () =>
      this.aggregates.execute(
        bookingStreams.link(link._id),
        bookingLinkDecider,
        {
          type: 'MoveVisit',
          bookingId,
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
          freeStaffIds,
          at,
        },
        meta(),
        RACED,
      );
    const moved = await againOnRace(move);
    // Nothing appended: asked again for the time it has; the job is set to it all the same.
    const visit = (moved.events[0]?.data ??
      (moved.state.status === 'none' ? null : moved.state.visits.find((v) => v.bookingId === bookingId)) ??
      booking) as { staffId: string; start: string; end: string };
    await this.aggregates.execute(
      schedulingStreams.job(booking.jobId),
      jobDecider,
      {
        type: 'ChangeJob',
        organizationId: link.organizationId,
        actorIsCompanyAdmin: false,
        changes: { start: visit.start, end: visit.end, userIds: [visit.staffId], leadUserId: visit.staffId },
      },
      meta(),
    );
    if (!moved.events.length || moved.state.status === 'none') return;
    const [before, after] = await Promise.all([
      staffRecipient(this.store, link.organizationId, booking.staffId),
      staffRecipient(this.store, link.organizationId, visit.staffId),
    ]);
    const mails = visitMovedMails({
      ctx: mailContext(this.config, link, organization, bookingId, at),
      visitorEmail: booking.visitorEmail,
      before: { start: booking.start, end: booking.end, staff: before },
      after: { start: visit.start, end: visit.end, staff: after },
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
    const day = (value: string | undefined, fallback: DateTime, name: string) => {
      if (!value) return fallback;
      const parsed = value.length === 10 ? DateTime.fromISO(value, { zone }) : null;
      if (!parsed?.isValid) throw new ValidationError(`${name} must be a date (YYYY-MM-DD)`);
      return parsed;
    };
    const today = DateTime.fromJSDate(now, { zone }).startOf('day');
    const first = day(from, today, 'From');
    const last = day(to, first.plus({ days: SLOTS_MAX_DAYS - 1 }), 'To');
    if (last < first) throw new ValidationError('To cannot be before From');
    const days = Math.round(last.diff(first, 'days').days) + 1;
    if (days > SLOTS_MAX_DAYS) throw new ValidationError(`Ask for at most ${SLOTS_MAX_DAYS} days at a time`);
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
    return {
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
      status: booking.status,
      canChange:
        booking.status === 'booked' && Date.parse(booking.start) >= now + (link?.minimumNoticeMinutes ?? 0) * 60_000,
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
