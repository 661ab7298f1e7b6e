import { DateTime } from 'luxon';
import type { AppConfig } from '../config/config';
import type { RecordedEvent } from '../core/event-store/event-store.port';
import { letter } from '../core/mail/letter';
import type { Mailer, MailMessage } from '../core/mail/mail.port';
import { LiveEventsProcess, type LiveEvents } from '../core/processes/process-host';
import type { ReadStore } from '../core/read-store/read-store.port';
import { organizationById, organizationUsers } from '../identity/identity.read-models';
import { letterheadOf } from '../identity/mail-logo';
import type { JobEvent, JobSeriesEvent } from '../scheduling/scheduling.events';

export interface JobRequestEmailsDeps {
  live: Pick<LiveEvents, 'subscribe'>;
  store: ReadStore;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: { error(message: string, error: unknown): void };
}

type Requested = Extract<JobEvent | JobSeriesEvent, { type: 'JobRequested' }>['data'];

/**
 * Spec §4: a request to pick up a job is mailed to every active Company Admin and Customer Manager. Driven by the
 * live events of the log (`LiveEvents`): after the read models have the request, never while catching up or
 * rebuilding, so a restart or a rebuild does not mail again (at most once; a crash between the commit and the
 * e-mail loses it, as the push would be). Where several instances run, only the one running the log's processes
 * (the worker) mails.
 */
export class JobRequestEmails extends LiveEventsProcess {
  readonly name = 'job-request e-mails';

  constructor(private readonly deps: JobRequestEmailsDeps) {
    super(deps.live);
  }

  protected work(event: RecordedEvent) {
    if (event.type !== 'JobRequested') return undefined;
    if (!event.streamId.startsWith('job-') && !event.streamId.startsWith('jobSeries-')) return undefined;
    const request = event.data as Requested;
    return () =>
      this.mailManagers(request).catch((error) =>
        this.deps.log.error(`job-request e-mails: request ${request.requestId}`, error),
      );
  }

  /** The notices of one request; a failed e-mail is logged and not tried again (the Job Requests table has it). */
  async mailManagers(request: Requested): Promise<void> {
    for (const mail of await this.noticesOf(request))
      await this.deps.mailer
        .send(mail)
        .catch((error) => this.deps.log.error(`could not send "${mail.subject}" to ${mail.to}`, error));
  }

  /** One e-mail to each active manager of the request's organization, in its zone. */
  async noticesOf(request: Requested): Promise<MailMessage[]> {
    const { store, config } = this.deps;
    const [organization, people] = await Promise.all([
      organizationById(store, request.organizationId),
      organizationUsers(store, request.organizationId),
    ]);
    const requester = people.find((u) => u._id === request.userId)?.fullName ?? 'An employee';
    const zone = organization?.timeZone ?? 'UTC';
    const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
    const when = `${at(request.start).toFormat('cccc d LLLL yyyy, h:mm a')} – ${at(request.end).toFormat('h:mm a')}`;
    const where = organization?.name ?? 'your organization';
    // The Job Schedule holds the Job Requests table (spec §2); the link only opens it: approving is a click there.
    const schedule = `${config.publicUrl}/scheduling`;
    const from = letterheadOf(organization, config.publicUrl);
    return people
      .filter((u) => u.active && u.roles.some((r) => r === 'Company Admin' || r === 'Customer Manager'))
      .map((manager) =>
        letter({
          to: manager.email,
          subject: `Job request: ${requester} would like to pick up ${request.name}`,
          from,
          body: [
            `Hello ${manager.firstName},`,
            `${requester} requested to pick up "${request.name}" (${when}) at ${where}.`,
            {
              lead: 'Open the Job Schedule to approve or deny the request:',
              link: schedule,
              label: 'Open the Job Schedule',
            },
          ],
        }),
      );
  }
}
