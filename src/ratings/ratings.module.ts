import { Inject, Injectable, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig, runsLogProcesses } from '../config/config';
import { Aggregates, PROJECTION_PROGRESS, ProjectionProgress } from '../core/commands/aggregates';
import { CLOCK, Clock } from '../core/clock';
import { LOGGER, REDIS } from '../core/core.module';
import { EVENT_STORE, EventStore } from '../core/event-store/event-store.port';
import { MAILER, Mailer } from '../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { FeedbackThrottle } from './feedback-throttle';
import { EditRatingHandler, RequestRatingHandler, SubmitFeedbackHandler } from './rating.handlers';
import { RatingRequests } from './rating-requests';
import { FeedbackController, RatingsController } from './ratings.controller';
import {
  GetFeedbackLogoHandler,
  GetFeedbackPageHandler,
  ListCustomerRatingsHandler,
  ListMyRatingsHandler,
} from './ratings.queries';

/** Runs the rating requests process where this instance runs the log's processes (else the worker does). */
@Injectable()
class RatingRequestsHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly process: RatingRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  onApplicationBootstrap() {
    if (runsLogProcesses(this.config)) this.process.start();
  }
  async onModuleDestroy() {
    await this.process.stop();
  }
}

@Module({
  controllers: [RatingsController, FeedbackController],
  providers: [
    { provide: FeedbackThrottle, inject: [REDIS], useFactory: (redis) => new FeedbackThrottle(redis) },
    {
      provide: RatingRequests,
      inject: [EVENT_STORE, READ_STORE, MAILER, Aggregates, PROJECTION_PROGRESS, APP_CONFIG, CLOCK, LOGGER],
      useFactory: (
        eventStore: EventStore,
        store: ReadStore,
        mailer: Mailer,
        aggregates: Aggregates,
        progress: ProjectionProgress,
        config: AppConfig,
        clock: Clock,
        logger: Logger,
      ) =>
        new RatingRequests({
          eventStore,
          store,
          mailer,
          aggregates,
          progress,
          config,
          clock,
          log: { error: (message, err) => logger.error({ err }, message) },
        }),
    },
    RatingRequestsHost,
    RequestRatingHandler,
    SubmitFeedbackHandler,
    EditRatingHandler,
    ListCustomerRatingsHandler,
    ListMyRatingsHandler,
    GetFeedbackPageHandler,
    GetFeedbackLogoHandler,
  ],
})
export class RatingsModule {}
