import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import type { AppConfig } from './config/config';
import { CoreModule } from './core/core.module';
import { CustomersModule } from './customers/customers.module';
import type { Engines } from './core/engines';
import { HealthController } from './health/health.controller';
import { IdentityModule } from './identity/identity.module';
import { AvailabilityModule } from './availability/availability.module';
import { SchedulingModule } from './scheduling/scheduling.module';
import { JobRequestsModule } from './job-requests/job-requests.module';
import { TimersModule } from './timers/timers.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, engines: Engines, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), CoreModule.forRoot(config, engines, logger), IdentityModule, CustomersModule, AvailabilityModule, JobRequestsModule, SchedulingModule, TimersModule],
      controllers: [HealthController],
    };
  }
}
