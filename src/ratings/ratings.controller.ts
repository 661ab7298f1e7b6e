import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { StoredFile } from '../core/files/files.port';
import { sendLogo } from '../core/http/public-logo';
import type { CommandMeta } from '../core/commands/aggregates';
import { commandMeta, Me, Meta, Public, RequireAnyClaim, RequireClaim } from '../identity/current-user';
import type { AuthenticatedRequest, CurrentUser } from '../identity/current-user';
import { EditRating, RequestRating, SubmitFeedback } from './ratings.commands';
import { PageQueryDto } from '../core/http/page-query.dto';
import { EditRatingDto, FeedbackDto, RequestRatingDto } from './ratings.dto';
import { GetFeedbackLogo, GetFeedbackPage, ListCustomerRatings, ListMyRatings } from './ratings.queries';

@ApiTags('Ratings')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/ratings')
export class RatingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('request')
  @HttpCode(200)
  @RequireAnyClaim('jobs.crud', 'customers.crud')
  @ApiOperation({
    summary:
      "Send (or send again) a finished job's rating request to its customer's contact: a new link valid 30 days; an earlier link stops working.",
  })
  async request(@Body() body: RequestRatingDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new RequestRating(body.jobId, meta));
    return { success: true, message: 'The rating request was sent' };
  }

  @Get('customer/:customerId/paged')
  @RequireClaim('customers.crud')
  @ApiOperation({ summary: "A customer's ratings, newest first, 10 a page." })
  customer(@Param('customerId') customerId: string, @Query() query: PageQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListCustomerRatings(me, customerId, query));
  }

  @Get('current-user/paged')
  @ApiOperation({ summary: 'My Job Ratings: ratings of jobs I worked on, newest first, 50 a page.' })
  mine(@Query() query: PageQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListMyRatings(me, query));
  }

  @Patch(':id')
  @RequireClaim('customers.crud')
  @ApiOperation({ summary: "A manager's edit of a rating; the customer's own answer stays in its history." })
  async edit(@Param('id') id: string, @Body() body: EditRatingDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new EditRating(id, body.rating, body.notes, meta));
    return { success: true, message: 'Job review has been updated' };
  }
}

/** The public feedback page's calls: no session; the token in the path is the key (redacted from the logs). */
@ApiTags('Feedback')
@Public()
@Controller('api/feedback')
export class FeedbackController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':token')
  @ApiOperation({ summary: 'What the feedback page shows. Records nothing (mail scanners open links too).' })
  page(@Param('token') token: string, @Req() request: AuthenticatedRequest) {
    return this.queries.execute(new GetFeedbackPage(token, request.ip ?? 'unknown'));
  }

  @Get(':token/logo')
  @ApiOperation({
    summary: "The organization's logo for the feedback page (any link it knows, an expired one too); 404 without one.",
  })
  async logo(@Param('token') token: string, @Req() request: AuthenticatedRequest, @Res() response: Response) {
    const { file, bytes }: { file: StoredFile; bytes: Buffer } = await this.queries.execute(
      new GetFeedbackLogo(token, request.ip ?? 'unknown'),
    );
    sendLogo(response, { file, bytes });
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The customer's rating (1-5 or null) and comments; accepted once. A comment is required with no rating or under 5.",
  })
  async submit(@Param('token') token: string, @Body() body: FeedbackDto, @Req() request: AuthenticatedRequest) {
    await this.commands.execute(
      new SubmitFeedback(token, body.rating, body.comments, request.ip ?? 'unknown', commandMeta(request)),
    );
    return { success: true };
  }
}
