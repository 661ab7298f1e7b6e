import { Module } from '@nestjs/common';
import { JobRequestsController } from './job-requests.controller';
import { AnswerJobRequestHandler, CancelJobRequestHandler, RequestJobHandler } from './job-request.handlers';
import { GetJobRequestsHandler } from './job-requests.queries';

@Module({
  controllers: [JobRequestsController],
  providers: [RequestJobHandler, AnswerJobRequestHandler, CancelJobRequestHandler, GetJobRequestsHandler],
})
export class JobRequestsModule {}
