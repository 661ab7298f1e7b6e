import { Module } from '@nestjs/common';
import { REDIS } from '../core/core.module';
import { FeedbackThrottle } from './feedback-throttle';
import { EditRatingHandler, RequestRatingHandler, SubmitFeedbackHandler } from './rating.handlers';
import { FeedbackController, RatingsController } from './ratings.controller';
import {
  GetFeedbackLogoHandler,
  GetFeedbackPageHandler,
  ListCustomerRatingsHandler,
  ListMyRatingsHandler,
} from './ratings.queries';

@Module({
  controllers: [RatingsController, FeedbackController],
  providers: [
    { provide: FeedbackThrottle, inject: [REDIS], useFactory: (redis) => new FeedbackThrottle(redis) },
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
