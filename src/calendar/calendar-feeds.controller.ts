import { Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CommandMeta } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { AnswerHoldsSecret } from '../identity/command-receipts.interceptor';
import { Me, Meta, Public } from '../identity/current-user';
import type { AuthenticatedRequest, CurrentUser } from '../identity/current-user';
import { CALENDAR_FEED_SCOPES, type CalendarFeedLink, type CalendarFeedsView } from '../shared/calendar-feeds';
import { IssueCalendarFeed, RevokeCalendarFeed } from './calendar.commands';
import type { CalendarFeedScope } from '../identity/identity.events';
import { FeedFile, GetCalendarFeeds, ReadCalendarFeed } from './calendar-feed.handlers';

/** A second delivery of a link's making (X-Command-Id): the link is not kept to be shown again. */
export const FEED_LINK_SHOWN_ONCE =
  'This calendar feed link was made by an earlier try of this change, and a link is shown only once. Make a new link to see its address: the one made then stops working.';

const scopeOf = (value: string): CalendarFeedScope => {
  if (!CALENDAR_FEED_SCOPES.includes(value as CalendarFeedScope)) throw new NotFoundError('The calendar feed');
  return value as CalendarFeedScope;
};

/** My Profile's calendar feed links (issue #31 item 1): my jobs, and for managers the organization's. */
@ApiTags('Calendar feeds')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/calendar-feeds')
export class CalendarFeedsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "My feed links: { person: { active, issuedAt }, organization: { active, issuedAt } | null (null without jobs.crud) }. A link's address is shown only when made.",
  })
  feeds(@Me() me: CurrentUser): Promise<CalendarFeedsView> {
    return this.queries.execute(new GetCalendarFeeds(me));
  }

  @Post(':scope')
  @HttpCode(201)
  @AnswerHoldsSecret(FEED_LINK_SHOWN_ONCE)
  @ApiOperation({
    summary:
      "Makes my feed link (scope person, or organization with jobs.crud), replacing the one in force: { url, webcalUrl, issuedAt }, shown this once. The organization's link takes ?person=<userId> for one person's jobs.",
  })
  async issue(@Param('scope') scope: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute<IssueCalendarFeed, CalendarFeedLink>(
      new IssueCalendarFeed(scopeOf(scope), me, meta),
    );
    return { success: true, data, message: 'Your calendar feed link is ready' };
  }

  @Delete(':scope')
  @ApiOperation({ summary: 'Turns my feed link off: calendars subscribed to it get 404 from then on.' })
  async revoke(@Param('scope') scope: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new RevokeCalendarFeed(scopeOf(scope), me, meta));
    return { success: true, message: 'Your calendar feed link was turned off' };
  }
}

/** The feed itself, for calendar apps: the token in the path is the only key. */
@ApiTags('Calendar feeds')
@Public()
@Controller('calendar')
export class CalendarFeedFileController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':file')
  @ApiOperation({
    summary:
      "Public: a feed's iCalendar (RFC 5545) text, from 30 days back to a year ahead. ETag / If-None-Match: 304 when nothing changed. An organization feed takes ?person=<userId>. 404 for a link reset or turned off.",
  })
  async file(
    @Param('file') file: string,
    @Query('person') person: unknown,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Res() response: Response,
  ) {
    if (person !== undefined && (typeof person !== 'string' || !isUuid(person)))
      throw new ValidationError("person must be a person's id");
    const answer = await this.queries.execute<ReadCalendarFeed, FeedFile>(
      new ReadCalendarFeed(file, (person as string | undefined) ?? null, ifNoneMatch ?? null, request.ip ?? 'unknown'),
    );
    response.set({
      ETag: answer.etag,
      // Asked again each time, answered 304 while nothing changed; never kept by a shared cache (it is a key).
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    if (answer.notModified) {
      response.status(304).end();
      return;
    }
    response
      .status(200)
      .set({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="crewclock.ics"',
      })
      .send(answer.body);
  }
}
