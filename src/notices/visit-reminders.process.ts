import { DateTime } from 'luxon';
import type { AppConfig } from '../config/config';
import type { Aggregates, ProjectionProgress } from '../core/commands/aggregates';
import { Clock, derivedId } from '../core/clock';
import type { EventStore } from '../core/event-store/event-store.port';
import { letter, type LetterFooter, type Letterhead } from '../core/mail/letter';
import type { Mailer, MailMessage } from '../core/mail/mail.port';
import { ClockProcess } from '../core/processes/process-host';
import type { ReadStore } from '../core/read-store/read-store.port';
import { isBookedOnline, liveCustomer } from '../customers/customers.read-models';
import { isUnsubscribed, unsubscribeFooter } from '../customers/mail-opt-out';
import {
  organizationById,
  OrganizationDoc,
  organizationsSendingReminders,
  userOf,
} from '../identity/identity.read-models';
import { letterheadOf } from '../identity/mail-logo';
import { CalendarJob, findCalendarJob, jobsBetween } from '../scheduling/calendar-jobs';
import { parseOccurrenceId } from '../scheduling/recurrence';
import { jobById, seriesById } from '../scheduling/scheduling.read-models';
import { visitReminderSettingsOf } from '../shared/notices';
import { noticesStreams } from './notices.events';
import { readModelsCaughtUp, recordSent } from './sent-once';
import { remindedVisitsAhead, type VisitReminderDoc } from './notices.read-models';
import { reminderAt } from './visit-reminders';

/**
 * The process's own state, not a read model: per organization sending reminders, the instant up to which every
 * reminder that came due was looked at. No projection owns the collection, so a rebuild keeps it.
 */
export const VISIT_REMINDER_PROGRESS = 'visitReminderProgress';
interface ProgressDoc {
  _id: string;
  doneUntil: string;
  [key: string]: unknown;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A reminder that came due while no process ran goes late (the visit still ahead), but not this much late. */
const LATE_AT_MOST_MS = 12 * HOUR_MS;

export interface VisitRemindersDeps {
  eventStore: EventStore;
  store: ReadStore;
  mailer: Mailer;
  aggregates: Aggregates;
  /** The projections of this process: a tick runs on read models that hold the log up to its head. */
  progress: ProjectionProgress;
  /** `sessionSecret`: the key of a reminder's unsubscribe link. */
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret' | 'visitRemindersEveryMs'>;
  clock: Clock;
  log: { error(message: string, error: unknown): void };
}

/**
 * Visit reminders, exactly once (issue #31 item 2), as rating requests are: a clock-driven process of whichever
 * process runs the log's processes. Each tick, for each organization sending reminders:
 *
 * 1. The visits (jobs and occurrences with a customer) whose reminder time came due since the last tick, and that
 *    are still ahead, are reminded: the e-mail first, then `VisitReminderSent` on `visitReminder-<visit>-<start>`,
 *    appended only if that stream is new; a stream already there means it went (another process, an earlier try).
 *    The e-mail's id derives from the stream, so a crash between the two writes the same e-mail again (the same
 *    outbox file, the same Message-ID), never a second one. A visit moved is a new start: its reminder is due at
 *    the new time's. A visit created (or turned on) after its reminder time was passed gets none.
 * 2. A reminded visit that is gone before it happened (deleted, a series' occurrence removed) gets one cancellation
 *    notice, the same way (`visitCancelled-<visit>`).
 */
export class VisitReminders extends ClockProcess {
  readonly name = 'visit reminders';

  constructor(private readonly deps: VisitRemindersDeps) {
    super(deps.config.visitRemindersEveryMs, deps.log);
  }

  async tick(): Promise<void> {
    const { eventStore, progress, store } = this.deps;
    if (!(await readModelsCaughtUp(eventStore, progress))) return;
    const now = this.deps.clock.now();
    const sending = await organizationsSendingReminders(store);
    const on = new Set(sending.map((o) => o._id));
    // Turned off, an organization forgets where it got to: turned on again, it starts from then, and reminders
    // that came due while it was off are not sent late.
    const done = store.collection<ProgressDoc>(VISIT_REMINDER_PROGRESS);
    for (const p of await done.find({})) {
      if (on.has(p._id)) continue;
      // Not while its document is missing (a read model being rebuilt): only once it says off.
      const organization = await organizationById(store, p._id);
      if (organization && visitReminderSettingsOf(organization).visitReminders === 'off')
        await done.deleteOne({ _id: p._id });
    }
    for (const organization of sending) {
      try {
        await this.remindFor(organization, now);
      } catch (error) {
        // Its progress stays where it was: the next tick looks at these visits again.
        this.deps.log.error(`visit reminders: organization ${organization._id}`, error);
      }
    }
  }

  private async remindFor(organization: OrganizationDoc, now: Date) {
    const { store } = this.deps;
    const progress = store.collection<ProgressDoc>(VISIT_REMINDER_PROGRESS);
    const done = await progress.findOne({ _id: organization._id });
    const nowMs = now.getTime();
    if (done) {
      const after = Math.max(Date.parse(done.doneUntil), nowMs - LATE_AT_MOST_MS);
      const settings = visitReminderSettingsOf(organization);
      const zone = organization.timeZone;
      // A reminder due now is for a visit at most its lead ahead, and a day more for the sending window.
      const leadMs =
        settings.visitReminders === 'daysBefore'
          ? (settings.visitReminderDays + 1) * DAY_MS
          : settings.visitReminderHours * HOUR_MS;
      const ahead = await jobsBetween(store, organization._id, now, new Date(nowMs + leadMs + DAY_MS));
      const due = ahead
        .filter((visit) => visit.customerId && !visit.availabilityOnly && Date.parse(visit.start) > nowMs)
        .map((visit) => ({ visit, remindAt: reminderAt(visit.start, settings, zone) }))
        .filter((v): v is { visit: CalendarJob; remindAt: string } => {
          const at = v.remindAt ? Date.parse(v.remindAt) : NaN;
          return at > after && at <= nowMs;
        })
        .sort((a, b) => Date.parse(a.remindAt) - Date.parse(b.remindAt));
      // One visit's failure (an address the SMTP server refuses) does not hold up the others; progress stops just
      // before the first that failed, so the next tick tries it again, and those sent are skipped by their record.
      let doneUntil = nowMs;
      for (const { visit, remindAt } of due) {
        try {
          await this.remind(organization, visit, remindAt, now);
        } catch (error) {
          doneUntil = Math.min(doneUntil, Date.parse(remindAt) - 1);
          this.deps.log.error(`visit reminders: visit ${visit.id}`, error);
        }
      }
      await this.tellCancelled(organization, now);
      await progress.updateOne(
        { _id: organization._id },
        { $set: { doneUntil: new Date(doneUntil).toISOString() } },
        { upsert: true },
      );
      return;
    }
    await progress.updateOne({ _id: organization._id }, { $set: { doneUntil: now.toISOString() } }, { upsert: true });
  }

  /** When the visit was made: a one-time job's creation, an occurrence's series'. */
  private async createdAt(visit: CalendarJob): Promise<string | null> {
    const occurrence = parseOccurrenceId(visit.id);
    const doc = occurrence
      ? await seriesById(this.deps.store, occurrence.seriesId)
      : await jobById(this.deps.store, visit.id);
    return doc?.createdAt ?? null;
  }

  private async remind(organization: OrganizationDoc, visit: CalendarJob, remindAt: string, now: Date) {
    const { store, eventStore } = this.deps;
    const stream = noticesStreams.visitReminder(visit.id, visit.start);
    if (await eventStore.readLastEvent(stream)) return;
    const created = await this.createdAt(visit);
    if (created && Date.parse(created) > Date.parse(remindAt)) return;
    const customer = await liveCustomer(store, organization._id, visit.customerId!);
    // Nobody to tell, or the address asked for no more (src/customers/mail-opt-out.ts): nothing sent, nothing
    // recorded (the visit's History says nothing it did not do; subscribed again in time, it gets its reminder).
    if (!customer?.contactEmail || (await isUnsubscribed(store, organization._id, customer.contactEmail))) return;
    const lead = visit.leadUserId ? await userOf(store, organization._id, visit.leadUserId) : null;
    const { config } = this.deps;
    await this.deps.mailer.send(
      reminderMail({
        id: `visit-reminder-${derivedId(`visit reminder:${stream}`)}`,
        to: customer.contactEmail,
        from: letterheadOf(organization, config.publicUrl),
        footer: unsubscribeFooter(config, organization, customer._id, customer.contactEmail),
        // A visitor typed the name of a customer an online booking created: not echoed to the address they typed.
        firstName: isBookedOnline(customer) ? null : (customer.contactFirstName ?? null),
        organization,
        visit,
        leadName: lead ? `${lead.firstName} ${lead.lastName}` : null,
        changeLink: visit.selfBooked && visit.bookingId ? `${config.publicUrl}/share/booking/${visit.bookingId}` : null,
      }),
    );
    await recordSent(this.deps.aggregates, stream, organization._id, now, {
      type: 'VisitReminderSent',
      data: {
        jobId: visit.id,
        organizationId: organization._id,
        customerId: customer._id,
        start: visit.start,
        remindAt,
        to: customer.contactEmail,
      },
    });
  }

  private async tellCancelled(organization: OrganizationDoc, now: Date) {
    const { store } = this.deps;
    for (const reminded of await remindedVisitsAhead(store, organization._id, now.toISOString()))
      await this.tellIfCancelled(organization, reminded, now).catch((error) =>
        this.deps.log.error(`visit reminders: the cancellation of visit ${reminded._id}`, error),
      );
  }

  private async tellIfCancelled(organization: OrganizationDoc, reminded: VisitReminderDoc, now: Date) {
    const { store, eventStore } = this.deps;
    const visit = await findCalendarJob(store, organization._id, reminded._id).catch(() => null);
    if (visit) return; // still on, at its time or moved
    const stream = noticesStreams.visitCancelled(reminded._id);
    if (await eventStore.readLastEvent(stream)) return;
    const customer = await liveCustomer(store, organization._id, reminded.customerId);
    if (customer?.contactEmail)
      await this.deps.mailer.send(
        cancellationMail({
          id: `visit-cancelled-${derivedId(`visit cancelled:${stream}`)}`,
          to: customer.contactEmail,
          from: letterheadOf(organization, this.deps.config.publicUrl),
          firstName: isBookedOnline(customer) ? null : (customer.contactFirstName ?? null),
          organization,
          start: reminded.start,
        }),
      );
    await recordSent(this.deps.aggregates, stream, organization._id, now, {
      type: 'VisitCancellationSent',
      data: {
        jobId: reminded._id,
        organizationId: organization._id,
        customerId: reminded.customerId,
        start: reminded.start,
        to: customer?.contactEmail ?? null,
      },
    });
  }
}

const when = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);

function reminderMail(m: {
  id: string;
  to: string;
  from: Letterhead;
  footer: LetterFooter;
  firstName: string | null;
  organization: OrganizationDoc;
  visit: CalendarJob;
  leadName: string | null;
  changeLink: string | null;
}): MailMessage {
  const company = m.organization.name;
  const start = when(m.visit.start, m.organization.timeZone);
  const hello = m.firstName ? `Hello ${m.firstName},` : 'Hello,';
  const line = `This is a reminder of your visit from ${company}: ${m.visit.name}, on ${start.toFormat('cccc, LLLL d, yyyy')} at ${start.toFormat('h:mm a ZZZZ')}.`;
  const crew = m.leadName ? `${m.leadName} will lead the crew.` : null;
  return letter({
    id: m.id,
    to: m.to,
    subject: `Reminder: ${m.visit.name}, ${start.toFormat('ccc, LLL d')} at ${start.toFormat('h:mm a')}`,
    from: m.from,
    body: [
      hello,
      line,
      crew,
      m.changeLink && { lead: 'To change or cancel it:', link: m.changeLink, label: 'Your visit' },
    ],
    footer: m.footer,
  });
}

function cancellationMail(m: {
  id: string;
  to: string;
  from: Letterhead;
  firstName: string | null;
  organization: OrganizationDoc;
  start: string;
}): MailMessage {
  const company = m.organization.name;
  const start = when(m.start, m.organization.timeZone);
  const hello = m.firstName ? `Hello ${m.firstName},` : 'Hello,';
  const line = `Your visit from ${company} on ${start.toFormat('cccc, LLLL d, yyyy')} at ${start.toFormat('h:mm a ZZZZ')} is cancelled. Please contact ${company} to book another time.`;
  return letter({
    id: m.id,
    to: m.to,
    subject: `Cancelled: your visit on ${start.toFormat('ccc, LLL d')} at ${start.toFormat('h:mm a')}`,
    from: m.from,
    body: [hello, line],
  });
}
