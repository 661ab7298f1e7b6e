import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { createHash, randomBytes } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates } from '../core/commands/aggregates';
import { CLOCK, type Clock } from '../core/clock';
import { REDIS } from '../core/core.module';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { allowance, networkOf, take } from '../core/rate-limits';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import type { RedisClient } from '../core/redis';
import { organizationById, userOf } from '../identity/identity.read-models';
import type { CurrentUser } from '../identity/current-user';
import { isManager } from '../identity/roles';
import type { CalendarFeedLink, CalendarFeedsView, CalendarFeedState } from '../shared/calendar-feeds';
import { calendarFeedWithPauses, FEED_WRITING } from './calendar-feed';
import { TurnBudget } from '../core/loop-turns';
import { calendarFeedDecider } from '../identity/calendar-feed.decider';
import { IssueCalendarFeed, RevokeCalendarFeed } from './calendar.commands';
import { identityStreams, type CalendarFeedScope } from '../identity/identity.events';
import { calendarFeedByHash, calendarFeedsOf, calendarPerson } from './calendar.read-models';
import { feedContent } from './feed-entries';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_LENGTH = 43;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const NOT_A_MANAGER = 'Only people who manage jobs have an organization calendar feed';

/** The link of a token, as the public URL names it. */
export function feedLink(publicUrl: string, token: string, issuedAt: string): CalendarFeedLink {
  const url = `${publicUrl.endsWith('/') ? publicUrl.slice(0, -1) : publicUrl}/calendar/${token}.ics`;
  return { url, webcalUrl: `webcal:${url.slice(url.indexOf('//'))}`, issuedAt };
}

@CommandHandler(IssueCalendarFeed)
export class IssueCalendarFeedHandler implements ICommandHandler<IssueCalendarFeed> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ scope, actor, meta }: IssueCalendarFeed): Promise<CalendarFeedLink> {
    if (scope === 'organization' && !actor.claims.includes('jobs.crud')) throw new ForbiddenError(NOT_A_MANAGER);
    const token = randomBytes(32).toString('base64url');
    await this.aggregates.execute(
      identityStreams.calendarFeed(actor.userId, scope),
      calendarFeedDecider,
      {
        type: 'IssueFeed',
        userId: actor.userId,
        organizationId: actor.organizationId,
        scope,
        tokenHash: tokenHash(token),
      },
      meta,
    );
    return feedLink(this.config.publicUrl, token, meta.at);
  }
}

@CommandHandler(RevokeCalendarFeed)
export class RevokeCalendarFeedHandler implements ICommandHandler<RevokeCalendarFeed> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ scope, actor, meta }: RevokeCalendarFeed): Promise<void> {
    await this.aggregates.execute(
      identityStreams.calendarFeed(actor.userId, scope),
      calendarFeedDecider,
      { type: 'RevokeFeed' },
      meta,
    );
  }
}

/** The person's feed links: whether each is on, and since when. */
export class GetCalendarFeeds {
  constructor(readonly viewer: CurrentUser) {}
}

@QueryHandler(GetCalendarFeeds)
export class GetCalendarFeedsHandler implements IQueryHandler<GetCalendarFeeds> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer }: GetCalendarFeeds): Promise<CalendarFeedsView> {
    const feeds = await calendarFeedsOf(this.store, viewer.organizationId, viewer.userId);
    const state = (scope: CalendarFeedScope): CalendarFeedState => {
      const feed = feeds.find((f) => f.scope === scope);
      return { active: !!feed, issuedAt: feed?.issuedAt ?? null };
    };
    return {
      person: state('person'),
      organization: viewer.claims.includes('jobs.crud') ? state('organization') : null,
    };
  }
}

/** Per network and hour: any feed reads, and reads of tokens that are no feed (someone guessing). */
export const FEED_READS_PER_NETWORK_HOUR = 600;
export const UNKNOWN_FEEDS_PER_NETWORK_HOUR = 30;
/** Per feed and hour: calendar apps poll every 5 minutes to every few hours. */
export const FEED_READS_PER_FEED_HOUR = 120;

export type FeedFile = { notModified: true; etag: string } | { notModified: false; etag: string; body: string };

/** A feed's .ics, read by a calendar app with nothing but its token: no session, no cookie. */
export class ReadCalendarFeed {
  constructor(
    /** The URL's last segment, `<token>.ics`. */
    readonly file: string,
    /** Organization feeds: only this person's jobs. */
    readonly personId: string | null,
    readonly ifNoneMatch: string | null,
    readonly address: string,
  ) {}
}

@QueryHandler(ReadCalendarFeed)
export class ReadCalendarFeedHandler implements IQueryHandler<ReadCalendarFeed> {
  private readonly perNetwork: RateLimiterAbstract;
  private readonly unknownPerNetwork: RateLimiterAbstract;
  private readonly perFeed: RateLimiterAbstract;

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(REDIS) redis: RedisClient | null,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.perNetwork = allowance(redis, 'calendar_feed_network', FEED_READS_PER_NETWORK_HOUR, 3600);
    this.unknownPerNetwork = allowance(redis, 'calendar_feed_unknown', UNKNOWN_FEEDS_PER_NETWORK_HOUR, 3600);
    this.perFeed = allowance(redis, 'calendar_feed_token', FEED_READS_PER_FEED_HOUR, 3600);
  }

  async execute({ file, personId, ifNoneMatch, address }: ReadCalendarFeed): Promise<FeedFile> {
    const now = this.clock.now();
    const network = networkOf(address);
    await take(this.perNetwork, network, 'Too many calendar feed reads from this network.');
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : file;
    const hash = isToken(token) ? tokenHash(token) : null;
    const feed = hash ? await calendarFeedByHash(this.store, hash) : null;
    const user = feed ? await userOf(this.store, feed.organizationId, feed.userId) : null;
    // A link reset or turned off, a person gone or no longer managing: the same 404 as a made-up token.
    if (!feed || !user?.active || (feed.scope === 'organization' && !isManager(user.role))) {
      await take(this.unknownPerNetwork, network, 'Too many unknown calendar feeds asked for from this network.');
      throw new NotFoundError('The calendar feed');
    }
    await take(this.perFeed, feed._id, 'This calendar feed was read too often.');
    const person =
      feed.scope === 'organization' && personId
        ? await calendarPerson(this.store, feed.organizationId, personId)
        : null;
    if (personId && !person) throw new NotFoundError('The person');
    const organization = await organizationById(this.store, feed.organizationId);
    const organizationName = organization?.name ?? 'CrewClock';
    const name =
      feed.scope === 'person'
        ? `${organizationName} · ${user.fullName}`
        : `${organizationName}${person ? ` · ${person.fullName}` : ''}`;
    const content = await feedContent(
      this.store,
      { feed, viewer: { userId: user._id, role: user.role }, name, personId: person?._id ?? null },
      now,
    );
    // An organization's feed holds tens of thousands of events: hashed and written giving the loop its turns.
    const budget = await TurnBudget.begin();
    const { entries, ...about } = content;
    const fingerprint = createHash('sha256').update(JSON.stringify({ writing: FEED_WRITING, ...about }));
    for (const entry of entries) {
      fingerprint.update(JSON.stringify(entry));
      await budget.spent();
    }
    const etag = `"${fingerprint.digest('base64url').slice(0, 27)}"`;
    if (ifNoneMatch && matches(ifNoneMatch, etag)) return { notModified: true, etag };
    const body = await calendarFeedWithPauses({ ...content, stamp: now.toISOString() }, () => budget.spent());
    return { notModified: false, etag, body };
  }
}

/** 43 characters of base64url, checked one by one (no pattern runs on what a stranger sends). */
function isToken(value: string): boolean {
  if (value.length !== TOKEN_LENGTH) return false;
  for (const ch of value)
    if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '-' || ch === '_'))
      return false;
  return true;
}

/** If-None-Match holds our ETag (a list of them, weak or strong, or *). */
function matches(header: string, etag: string): boolean {
  if (header.length > 1000) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}
