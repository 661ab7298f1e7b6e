import { eventLog, projection } from '../../src/core/projection.testing';
import type { CalendarFeedEvent, UserEvent } from '../../src/identity/identity.events';
import { calendarFeedByHash, calendarFeedsOf, CALENDAR_FEEDS } from '../../src/calendar/calendar.read-models';
import { calendarFeedsProjection } from './calendar-feeds.projection';

const ORG = 'org-1';
const ABE = 'user-abe';

describe('calendar feeds projection', () => {
  const spec = projection(calendarFeedsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ABE })));
  const feed = (e: CalendarFeedEvent) => log.event(`calendarFeed-${e.data.userId}-${e.data.scope}`, e);
  const issued = (tokenHash: string, replacedTokenHash: string | null, scope: 'person' | 'organization' = 'person') =>
    feed({
      type: 'CalendarFeedIssued',
      data: { userId: ABE, organizationId: ORG, scope, tokenHash, replacedTokenHash },
    });

  it('keeps the links in force by their hash: a reset replaces the old one', async () => {
    await spec.given(issued('h1', null), issued('h2', 'h1'), issued('o1', null, 'organization')).then({
      [CALENDAR_FEEDS]: [
        { _id: 'h2', organizationId: ORG, userId: ABE, scope: 'person', issuedAt: log.at(2) },
        { _id: 'o1', organizationId: ORG, userId: ABE, scope: 'organization', issuedAt: log.at(3) },
      ],
    });
    await spec
      .given(issued('h1', null), issued('h2', 'h1'))
      .thenReads((store) => calendarFeedByHash(store, 'h1'), null);
    await spec
      .given(issued('h1', null), issued('h2', 'h1'))
      .thenReads(async (store) => (await calendarFeedsOf(store, ORG, ABE)).map((f) => f._id), ['h2']);
  });

  const user = (e: UserEvent) => log.event(`user-${ABE}`, e);
  const ids = { userId: ABE, organizationId: ORG };

  it('ends both links as the sessions end, when the person is deactivated or deleted: a reactivation revives none', async () => {
    for (const ended of ['UserDeactivated', 'UserDeleted'] as const)
      await spec
        .given(
          issued('h1', null),
          issued('o1', null, 'organization'),
          user({ type: ended, data: ids }),
          user({ type: 'UserReactivated', data: ids }),
        )
        .thenNothing();
    // A link made after the reactivation works.
    await spec
      .given(
        issued('h1', null),
        user({ type: 'UserDeactivated', data: ids }),
        user({ type: 'UserReactivated', data: ids }),
        issued('h2', 'h1'),
      )
      .thenReads(async (store) => (await calendarFeedsOf(store, ORG, ABE)).map((f) => f._id), ['h2']);
  });

  it("ends the organization's link when the person's role changes, and keeps their own", async () => {
    const role = (from: 'Customer Manager' | 'Associate', to: 'Customer Manager' | 'Associate') =>
      user({ type: 'UserDetailsChanged', data: { ...ids, changes: { role: { from, to } } } });
    await spec
      .given(
        issued('h1', null),
        issued('o1', null, 'organization'),
        role('Customer Manager', 'Associate'),
        role('Associate', 'Customer Manager'),
      )
      .thenReads(async (store) => (await calendarFeedsOf(store, ORG, ABE)).map((f) => f._id), ['h1']);
    // Another change of their details ends nothing.
    await spec
      .given(
        issued('o1', null, 'organization'),
        user({ type: 'UserDetailsChanged', data: { ...ids, changes: { phoneNumber: { from: null, to: '555' } } } }),
      )
      .thenReads(async (store) => (await calendarFeedsOf(store, ORG, ABE)).map((f) => f._id), ['o1']);
  });

  it('forgets a link turned off', async () => {
    await spec
      .given(
        issued('h1', null),
        feed({
          type: 'CalendarFeedRevoked',
          data: { userId: ABE, organizationId: ORG, scope: 'person', tokenHash: 'h1' },
        }),
      )
      .thenNothing();
  });
});
