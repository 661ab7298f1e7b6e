import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { NotFoundError } from '../core/errors';
import { allowance, networkOf, take } from '../core/rate-limits';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import type { RedisClient } from '../core/redis';
import { organizationById } from '../identity/identity.read-models';
import { mailLogoPath } from '../identity/mail-logo';
import type { UnsubscribePageView } from '../shared/customers';
import { customersStreams } from './customers.events';
import { customerById } from './customers.read-models';
import { isUnsubscribed, mailOptOutDecider, tokenCustomerId, tokenMatches } from './mail-opt-out';

export const UNSUBSCRIBE_LINK_NOT_FOUND =
  'This unsubscribe link does not work. Please contact the company that e-mailed you.';

/** Per network: opening the page and changing one's mind, 60 times an hour each (the key has 192 bits). */
export const UNSUBSCRIBE_CALLS_PER_ADDRESS = 60;

export class UnsubscribeThrottle {
  private readonly views: RateLimiterAbstract;
  private readonly changes: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    this.views = allowance(redis, 'unsubscribe_view_address', UNSUBSCRIBE_CALLS_PER_ADDRESS, 3600);
    this.changes = allowance(redis, 'unsubscribe_change_address', UNSUBSCRIBE_CALLS_PER_ADDRESS, 3600);
  }

  view(address: string): Promise<void> {
    return take(this.views, networkOf(address), 'Too many unsubscribe pages opened from this network.');
  }

  change(address: string): Promise<void> {
    return take(this.changes, networkOf(address), 'Too many unsubscribe requests from this network.');
  }
}

/** What a token stands for: its organization, customer and the address its e-mail went to; else a 404. */
async function holderOf(store: ReadStore, secret: string, token: string) {
  const customerId = tokenCustomerId(token);
  const customer = customerId ? await customerById(store, customerId) : null;
  const address = customer?.contactEmail;
  if (!customer || !address || !tokenMatches(token, secret, customer.organizationId, customer._id, address))
    throw new NotFoundError('This unsubscribe link', UNSUBSCRIBE_LINK_NOT_FOUND);
  const organization = await organizationById(store, customer.organizationId);
  if (!organization) throw new NotFoundError('This unsubscribe link', UNSUBSCRIBE_LINK_NOT_FOUND);
  return { customer, address, organization };
}

async function pageView(store: ReadStore, holder: Awaited<ReturnType<typeof holderOf>>): Promise<UnsubscribePageView> {
  const { organization, address } = holder;
  return {
    organizationName: organization.name,
    logoUrl: organization.logoFileId ? mailLogoPath(organization._id, organization.logoFileId) : null,
    unsubscribed: await isUnsubscribed(store, organization._id, address),
  };
}

/** The page: records nothing (mail scanners open links). */
export class GetUnsubscribePage {
  constructor(
    readonly token: string,
    readonly ipAddress: string,
  ) {}
}

@QueryHandler(GetUnsubscribePage)
export class GetUnsubscribePageHandler implements IQueryHandler<GetUnsubscribePage> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: UnsubscribeThrottle,
  ) {}

  async execute({ token, ipAddress }: GetUnsubscribePage): Promise<UnsubscribePageView> {
    await this.throttle.view(ipAddress);
    return pageView(this.store, await holderOf(this.store, this.config.sessionSecret, token));
  }
}

/** The person's button, or their mail provider's one-click POST (RFC 8058); `unsubscribe: false` takes it back. */
export class ChangeMailOptOut {
  constructor(
    readonly token: string,
    readonly unsubscribe: boolean,
    readonly ipAddress: string,
    readonly meta: CommandMeta,
  ) {}
}

@CommandHandler(ChangeMailOptOut)
export class ChangeMailOptOutHandler implements ICommandHandler<ChangeMailOptOut> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: UnsubscribeThrottle,
  ) {}

  async execute({ token, unsubscribe, ipAddress, meta }: ChangeMailOptOut): Promise<UnsubscribePageView> {
    await this.throttle.change(ipAddress);
    const holder = await holderOf(this.store, this.config.sessionSecret, token);
    const { organization, customer, address } = holder;
    await this.aggregates.execute(
      customersStreams.mailOptOut(organization._id, address),
      mailOptOutDecider,
      {
        type: unsubscribe ? 'Unsubscribe' : 'Resubscribe',
        organizationId: organization._id,
        customerId: customer._id,
        address,
      },
      { ...meta, organizationId: organization._id, actorUserId: null },
    );
    return pageView(this.store, holder);
  }
}
