import type { Logger } from 'pino';
import type { AppConfig } from './config/config';
import type { Aggregates, ProjectionProgress } from './core/commands/aggregates';
import type { Clock } from './core/clock';
import type { EventStore } from './core/event-store/event-store.port';
import type { Mailer } from './core/mail/mail.port';
import type { LiveEvents, Process } from './core/processes/process-host';
import { OnMyWayEmails } from './notices/on-my-way-emails.process';
import { VisitReminders } from './notices/visit-reminders.process';
import { CrewDayEmails } from './notices/crew-day-emails.process';
import type { ReadStore } from './core/read-store/read-store.port';
import { JobRequestEmails } from './job-requests/job-request-emails.process';
import { RatingRequests } from './ratings/rating-requests.process';

export interface LogProcessDeps {
  eventStore: EventStore;
  store: ReadStore;
  mailer: Mailer;
  aggregates: Aggregates;
  /** The projections of this process: the read models the processes read. */
  progress: ProjectionProgress;
  /** Its projection runner's live events. */
  live: LiveEvents;
  config: AppConfig;
  clock: Clock;
  logger: Logger;
}

/**
 * The processes that follow the log, one list for the API (when it runs the log's processes, `runsLogProcesses`)
 * and for the projections worker (otherwise): each hosted by a `ProcessHost` there.
 */
export function logProcesses(deps: LogProcessDeps): Process[] {
  const log = { error: (message: string, err: unknown) => deps.logger.error({ err }, message) };
  return [
    new RatingRequests({ ...deps, log }),
    new JobRequestEmails({ live: deps.live, store: deps.store, mailer: deps.mailer, config: deps.config, log }),
    new OnMyWayEmails({ live: deps.live, store: deps.store, mailer: deps.mailer, config: deps.config, log }),
    new VisitReminders({ ...deps, log }),
    new CrewDayEmails({ ...deps, log }),
  ];
}
