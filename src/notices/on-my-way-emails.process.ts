import { DateTime } from 'luxon';
import type { AppConfig } from '../config/config';
import { derivedId } from '../core/clock';
import type { RecordedEvent } from '../core/event-store/event-store.port';
import { letter } from '../core/mail/letter';
import type { Mailer, MailMessage } from '../core/mail/mail.port';
import { LiveEventsProcess, type LiveEvents } from '../core/processes/process-host';
import type { ReadStore } from '../core/read-store/read-store.port';
import { liveCustomer } from '../customers/customers.read-models';
import { organizationById, userOf } from '../identity/identity.read-models';
import { letterheadOf } from '../identity/mail-logo';
import { findCalendarJob } from '../scheduling/calendar-jobs';
import type { OnMyWayEvent } from './notices.events';

export interface OnMyWayEmailsDeps {
  live: Pick<LiveEvents, 'subscribe'>;
  store: ReadStore;
  mailer: Mailer;
  /** The letterhead's logo address is public: under the app's public URL. */
  config: Pick<AppConfig, 'publicUrl'>;
  log: { error(message: string, error: unknown): void };
}

type Sent = OnMyWayEvent['data'];

/**
 * "On my way" e-mails (issue #31 item 4): the job's customer is told that the crew member is on the way, with the
 * arrival in the organization's zone. Driven by the log's live events, as the job-request e-mails are: a restart or
 * a rebuild does not mail again. The message's id is derived from the job and the day, so a second delivery of the
 * same event writes the same outbox file (and the same SMTP Message-ID).
 */
export class OnMyWayEmails extends LiveEventsProcess {
  readonly name = 'on-my-way e-mails';

  constructor(private readonly deps: OnMyWayEmailsDeps) {
    super(deps.live);
  }

  protected work(event: RecordedEvent) {
    if (event.type !== 'OnMyWaySent' || !event.streamId.startsWith('onMyWay-')) return undefined;
    const sent = event.data as Sent;
    return async () => {
      const mail = await this.mailOf(sent).catch((error) => {
        this.deps.log.error(`on-my-way e-mail of job ${sent.jobId}`, error);
        return null;
      });
      if (mail)
        await this.deps.mailer
          .send(mail)
          .catch((error) => this.deps.log.error(`could not send "${mail.subject}" to ${mail.to}`, error));
    };
  }

  /** The e-mail to the job's customer, or null when there is no one to tell any more. */
  async mailOf(sent: Sent): Promise<MailMessage | null> {
    const { store } = this.deps;
    const [organization, crew, customer, job] = await Promise.all([
      organizationById(store, sent.organizationId),
      userOf(store, sent.organizationId, sent.userId),
      liveCustomer(store, sent.organizationId, sent.customerId),
      findCalendarJob(store, sent.organizationId, sent.jobId).catch(() => null),
    ]);
    if (!customer?.contactEmail) return null;
    const company = organization?.name ?? 'Your service provider';
    const who = crew?.firstName ?? 'Your crew';
    const zone = organization?.timeZone ?? 'UTC';
    const arrival = DateTime.fromISO(sent.arriveBy, { zone: 'utc' }).setZone(zone).toFormat('h:mm a ZZZZ');
    const hello = customer.contactFirstName ? `Hello ${customer.contactFirstName},` : 'Hello,';
    const visit = job ? ` for ${job.name}` : '';
    const line = `${who} from ${company} is on the way${visit} and expects to arrive in about ${sent.etaMinutes} minutes, around ${arrival}.`;
    return letter({
      id: `on-my-way-${derivedId(`on my way:${sent.jobId}:${sent.date}`)}`,
      to: customer.contactEmail as string,
      subject: `${company}: ${who} is on the way`,
      from: letterheadOf(organization, this.deps.config.publicUrl),
      body: [hello, line],
    });
  }
}
