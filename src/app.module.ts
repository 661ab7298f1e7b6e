import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { AppConfig, runsLogProcesses } from './config/config';
import { allProjections } from '../projections/all-projections';
import { CheckpointProgress, ProjectionRunner } from '../projections/runner/projection-runner';
import { CoreModule, ProjectionsFor } from './core/core.module';
import { CustomersModule } from './customers/customers.module';
import type { Engines } from './core/engines';
import { HealthController } from './health/health.controller';
import { IdentityModule } from './identity/identity.module';
import { AvailabilityModule } from './availability/availability.module';
import { SchedulingModule } from './scheduling/scheduling.module';
import { CalendarModule } from './calendar/calendar.module';
import { JobRequestsModule } from './job-requests/job-requests.module';
import { TimersModule } from './timers/timers.module';
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
function projectionsFor(config: AppConfig, engines: Engines, logger: Logger): ProjectionsFor {
  return (notifier) => {
    if (config.projections === 'none') return { waitFor: async () => true, processed: async () => null };
    if (config.projections === 'external')
      return new CheckpointProgress(
        engines.readStore,
        allProjections.map((p) => p.name),
        engines.eventStore,
      );
    return new ProjectionRunner(engines.eventStore, engines.readStore, allProjections, {
      notifier,
      // Several instances with in-process projections would each mail: there, the worker sends.
      mailer: runsLogProcesses(config) ? engines.mailer : null,
      publicUrl: config.publicUrl,
      // An upgrade that rebuilds the audit log or a history does not keep the app from serving today's work.
      buildInBackground: true,
      logger: { info: (m) => logger.info(m), error: (m, e) => logger.error({ err: e }, m) },
    });
  };
}

/** The composition root: the only module that knows the projections (src imports projections/ here and in the worker and rebuild entries). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, engines: Engines, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        CoreModule.forRoot(config, engines, logger, projectionsFor(config, engines, logger), RealtimeModule),
        AsOfModule,
        IdentityModule,
        CustomersModule,
        AvailabilityModule,
        JobRequestsModule,
        SchedulingModule,
        // After JobRequestsModule: its GET api/jobs/requests must be matched before GET api/jobs/:id.
        CalendarModule,
        TimersModule,
        RatingsModule,
        ReportsModule,
        BookingModule,
        AuditModule,
      ],
      controllers: [HealthController],
    };
  }
}
