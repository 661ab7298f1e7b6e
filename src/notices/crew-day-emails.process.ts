import { DateTime } from 'luxon';
import type { AppConfig } from '../config/config';
import type { Aggregates, ProjectionProgress } from '../core/commands/aggregates';
import { Clock, derivedId } from '../core/clock';
import type { EventStore } from '../core/event-store/event-store.port';
import { letter, type Letterhead } from '../core/mail/letter';
import type { Mailer, MailMessage } from '../core/mail/mail.port';
import { ClockProcess } from '../core/processes/process-host';
import type { ReadStore } from '../core/read-store/read-store.port';
import { customerAddress, mapsUrl } from '../shared/customers';
import { liveCustomer } from '../customers/customers.read-models';
import { organizationById, UserDoc, usersWantingCrewDayEmail } from '../identity/identity.read-models';
import { letterheadOf } from '../identity/mail-logo';
import { CalendarJob, isOwnJob, jobsBetween } from '../scheduling/calendar-jobs';
import { canSeeJob } from '../scheduling/job-visibility';
import { crewDaySettingsOf } from '../shared/notices';
import { noticesStreams, type CrewDayEvent } from './notices.events';
import { readModelsCaughtUp, recordSent } from './sent-once';

const HOUR_MS = 3_600_000;
/** A day's e-mail that could not go at its hour (no process ran) still goes this much later, not after. */
const LATE_AT_MOST_MS = 3 * HOUR_MS;

export interface CrewDayEmailsDeps {
  eventStore: EventStore;
  store: ReadStore;
  mailer: Mailer;
  aggregates: Aggregates;
  progress: ProjectionProgress;
  config: Pick<AppConfig, 'visitRemindersEveryMs' | 'publicUrl'>;
  clock: Clock;
  log: { error(message: string, error: unknown): void };
}

/** A job of the day as the e-mail lists it. */
export interface DayJob {
  start: string;
  end: string;
  name: string;
  customer: string | null;
  address: string | null;
  notes: string | null;
}

/**
 * The crew's day by e-mail (issue #31 item 3): each person who asked gets, at their hour of the organization's zone,
 * the next day's jobs in order; nothing when that day has none. Once per person and day, as the visit reminders are:
 * the e-mail first, then `CrewDayEmailSent` on `crewDay-<user>-<date>` with no_stream, the e-mail's id derived from
 * the stream (a crash between the two writes the same e-mail again, never a second one).
 */
export class CrewDayEmails extends ClockProcess {
  readonly name = "the crew's day e-mails";

  constructor(private readonly deps: CrewDayEmailsDeps) {
    super(deps.config.visitRemindersEveryMs, deps.log);
  }

  async tick(): Promise<void> {
    const { eventStore, progress, store } = this.deps;
    if (!(await readModelsCaughtUp(eventStore, progress))) return;
    const now = this.deps.clock.now();
    for (const person of await usersWantingCrewDayEmail(store)) {
      try {
        await this.mailFor(person, now);
      } catch (error) {
        this.deps.log.error(`crew's day e-mails: person ${person._id}`, error);
      }
    }
  }

  private async mailFor(person: UserDoc, now: Date) {
    const { store, eventStore } = this.deps;
    const organization = await organizationById(store, person.organizationId);
    if (!organization || !person.active || !person.email) return;
    const zone = organization.timeZone;
    const { crewDayEmailHour } = crewDaySettingsOf(person);
    const local = DateTime.fromJSDate(now, { zone });
    const due = local.startOf('day').set({ hour: crewDayEmailHour });
    if (local < due || local.toMillis() - due.toMillis() > LATE_AT_MOST_MS) return;
    const date = due.toISODate()!;
    const stream = noticesStreams.crewDay(person._id, date);
    if (await eventStore.readLastEvent(stream)) return;
    const tomorrow = due.startOf('day').plus({ days: 1 });
    const jobs = (
      await jobsBetween(store, person.organizationId, tomorrow.toJSDate(), tomorrow.plus({ days: 1 }).toJSDate())
    )
      .filter(
        (job) =>
          !job.availabilityOnly &&
          isOwnJob(person._id)(job) &&
          canSeeJob({ userId: person._id, role: person.role })(job) &&
          Date.parse(job.start) >= tomorrow.toMillis(),
      )
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.name.localeCompare(b.name));
    // An empty day: nothing sent, nothing recorded (a job added before the hour is over is still told).
    if (!jobs.length) return;
    const listed = await Promise.all(jobs.map((job) => this.dayJob(person.organizationId, job)));
    await this.deps.mailer.send(
      crewDayMail({
        id: `crew-day-${derivedId(`crew day:${stream}`)}`,
        to: person.email,
        firstName: person.firstName,
        company: organization.name,
        from: letterheadOf(organization, this.deps.config.publicUrl),
        zone,
        day: tomorrow,
        jobs: listed,
        settingsLink: `${this.deps.config.publicUrl}/profile`,
      }),
    );
    const sent: CrewDayEvent = {
      type: 'CrewDayEmailSent',
      data: {
        userId: person._id,
        organizationId: person.organizationId,
        date: tomorrow.toISODate()!,
        jobIds: jobs.map((j) => j.id),
        to: person.email,
      },
    };
    await recordSent(this.deps.aggregates, stream, person.organizationId, now, sent);
  }

  private async dayJob(organizationId: string, job: CalendarJob): Promise<DayJob> {
    const customer = job.customerId ? await liveCustomer(this.deps.store, organizationId, job.customerId) : null;
    return {
      start: job.start,
      end: job.end,
      name: job.name,
      customer: customer?.label ?? null,
      address: customerAddress(customer) || null,
      notes: job.notes,
    };
  }
}

const SETTINGS_LINE =
  "You get this e-mail because you asked for tomorrow's jobs by e-mail. To change its hour or turn it off:";

export function crewDayMail(m: {
  id: string;
  to: string;
  firstName: string;
  company: string;
  from: Letterhead;
  zone: string;
  day: DateTime;
  jobs: DayJob[];
  /** Where the person turns it off or changes its hour (My Profile). */
  settingsLink: string;
}): MailMessage {
  const time = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(m.zone).toFormat('h:mm a');
  const dayName = m.day.toFormat('cccc, LLLL d');
  const count = `${m.jobs.length} job${m.jobs.length === 1 ? '' : 's'}`;
  const intro = `Your jobs for ${m.company} tomorrow, ${dayName} (${count}, times in ${m.day.toFormat('ZZZZ')}):`;
  return letter({
    id: m.id,
    to: m.to,
    subject: `Tomorrow, ${m.day.toFormat('ccc, LLL d')}: ${count}`,
    from: m.from,
    body: [
      `Hello ${m.firstName},`,
      intro,
      {
        list: m.jobs.map((job) => ({
          title: `${time(job.start)}–${time(job.end)}  ${job.name}`,
          lines: [
            job.customer && `Customer: ${job.customer}`,
            job.address && { label: 'Address', text: job.address, link: 'Map', url: mapsUrl(job.address) },
            job.notes && `Notes: ${job.notes}`,
          ],
        })),
      },
    ],
    footer: { note: SETTINGS_LINE, link: m.settingsLink, label: 'My Profile' },
  });
}
