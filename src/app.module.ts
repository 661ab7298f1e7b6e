import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig, runsLogProcesses } from './config/config';
import { allProjections } from '../projections/all-projections';
import { CheckpointProgress, ProjectionRunner } from '../projections/runner/projection-runner';
import { apartFor } from '../projections/runner/build-apart';
import { CoreModule, LOGGER, ProjectionsFor } from './core/core.module';
import { Aggregates, PROJECTION_PROGRESS, ProjectionProgress } from './core/commands/aggregates';
import { CLOCK, Clock } from './core/clock';
import { EVENT_STORE, EventStore } from './core/event-store/event-store.port';
import { MAILER, Mailer } from './core/mail/mail.port';
import { LiveEvents, ProcessHost } from './core/processes/process-host';
import { READ_STORE, ReadStore } from './core/read-store/read-store.port';
import { logProcesses } from './app.processes';
import { CustomersModule } from './customers/customers.module';
import type { Engines } from './core/engines';
import { HealthController } from './health/health.controller';
import { IdentityModule } from './identity/identity.module';
import { AvailabilityModule } from './availability/availability.module';
import { SchedulingModule } from './scheduling/scheduling.module';
import { CalendarModule } from './calendar/calendar.module';
import { JobRequestsModule } from './job-requests/job-requests.module';
import { TimersModule } from './timers/timers.module';
import { PayrollModule } from './payroll/payroll.module';
import { NoticesModule } from './notices/notices.module';
import { RatingsModule } from './ratings/ratings.module';
import { ReportsModule } from './reports/reports.module';
import { BookingModule } from './booking/booking.module';
import { AuditModule } from './audit/audit.module';
import { AsOfModule } from './as-of/as-of.module';
import { RealtimeModule } from './realtime/realtime.module';

/**
 * Where the read side meets the API: in-process projections (the default), the checkpoints of the
 * standalone worker's (PROJECTIONS=external), or none at all (one-shot CLI commands).
 */
function projectionsFor(config: AppConfig, engines: Engines, logger: Logger, live: LiveEvents): ProjectionsFor {
  return (notifier) => {
    if (config.projections === 'none') return { waitFor: async () => true, processed: async () => null };
    if (config.projections === 'external')
      return new CheckpointProgress(engines.readStore, allProjections, engines.eventStore);
    return new ProjectionRunner(engines.eventStore, engines.readStore, allProjections, {
      notifier,
      // Several instances with in-process projections would each run the processes: there, the worker does.
      live: runsLogProcesses(config) ? live : null,
      // Commands wait for today's read models only, the past's ride in the next batch's unit; an upgrade that rebuilds
      // the audit log or a history does not keep the app from serving today's work.
      pastApart: true,
      pastLagMs: config.pastLagMs,
      // A first start of a long log builds the audit log on a second core (SQLite).
      apart: apartFor(config, engines.readStore),
      logger: { info: (m) => logger.info(m), error: (m, e) => logger.error({ err: e }, m) },
    });
  };
}

/** Runs the log's processes where this instance runs them (`runsLogProcesses`; else the worker does), stopped before the projections. */
@Injectable()
class LogProcessesHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly host: ProcessHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  onApplicationBootstrap() {
    if (runsLogProcesses(this.config)) this.host.start();
  }
  async onModuleDestroy() {
    await this.host.stop();
  }
}

/** The composition root: the only module that knows the projections (src imports projections/ here and in the worker and rebuild entries). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, engines: Engines, logger: Logger): DynamicModule {
    const live = new LiveEvents((err) => logger.error({ err }, 'a process failed on a live event'));
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        CoreModule.forRoot(config, engines, logger, projectionsFor(config, engines, logger, live), RealtimeModule),
        AsOfModule,
        IdentityModule,
        CustomersModule,
        AvailabilityModule,
        JobRequestsModule,
        SchedulingModule,
        // After JobRequestsModule: its GET api/jobs/requests must be matched before GET api/jobs/:id.
        CalendarModule,
        TimersModule,
        PayrollModule,
        NoticesModule,
        RatingsModule,
        ReportsModule,
        BookingModule,
        AuditModule,
      ],
      controllers: [HealthController],
      providers: [
        {
          provide: ProcessHost,
          inject: [EVENT_STORE, READ_STORE, MAILER, Aggregates, PROJECTION_PROGRESS, APP_CONFIG, CLOCK, LOGGER],
          useFactory: (
            eventStore: EventStore,
            store: ReadStore,
            mailer: Mailer,
            aggregates: Aggregates,
            progress: ProjectionProgress,
            appConfig: AppConfig,
            clock: Clock,
            appLogger: Logger,
          ) =>
            new ProcessHost(
              logProcesses({
                eventStore,
                store,
                mailer,
                aggregates,
                progress,
                live,
                config: appConfig,
                clock,
                logger: appLogger,
              }),
              { info: (m) => appLogger.info(m) },
            ),
        },
        LogProcessesHost,
      ],
    };
  }
}
