import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiPropertyOptional, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsUUID, MaxLength } from 'class-validator';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { AnswerJobRequest, CancelJobRequest, RequestJob } from './job-requests.commands';
import { GetJobRequests } from './job-requests.queries';
import type { JobRequestView } from '../shared/job-requests';

export const REQUEST_SENT = 'Your request has been processed and a customer manager has been notified';
export const REQUEST_APPROVED = 'The request was approved';
export const REQUEST_DENIED = 'The request was denied';
export const REQUEST_CANCELLED = 'Your request was cancelled';

class AnswerDto {
  @ApiPropertyOptional({ description: 'Which request; may be left out when the job has only one pending request' })
  @IsOptional()
  @IsUUID('all', { message: 'requestId must be a request id' })
  @MaxLength(36, { message: 'requestId must be a request id' }) // checked first (bottom-up): the length before the pattern
  requestId?: string;
}

@ApiTags('Job requests')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/jobs')
export class JobRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('requests')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary: "Pending job requests, soonest job first, with the requester's availability and overlapping jobs.",
  })
  list(@Me() me: CurrentUser): Promise<JobRequestView[]> {
    return this.queries.execute(new GetJobRequests(me));
  }

  @Post(':id/request')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Request to pick up an open job or occurrence (when the organization allows picking up jobs).',
  })
  async request(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(new RequestJob(id, me, meta));
    return { success: true, message: REQUEST_SENT, data };
  }

  @Delete(':id/request')
  @ApiOperation({
    summary: 'Cancel my own pending request on a job or occurrence; a 404 when I have none pending there.',
  })
  async cancel(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new CancelJobRequest(id, me, meta));
    return { success: true, message: REQUEST_CANCELLED };
  }

  @Post(':id/request/approve')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary: "Approve a request: the requester is assigned; the job's other pending requests are closed as not chosen.",
  })
  async approve(@Param('id') id: string, @Body() body: AnswerDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new AnswerJobRequest(id, body.requestId ?? null, 'approve', me, meta));
    return { success: true, message: REQUEST_APPROVED };
  }

  @Post(':id/request/clear')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Deny (clear) a request.' })
  async deny(@Param('id') id: string, @Body() body: AnswerDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new AnswerJobRequest(id, body.requestId ?? null, 'deny', me, meta));
    return { success: true, message: REQUEST_DENIED };
  }
}
