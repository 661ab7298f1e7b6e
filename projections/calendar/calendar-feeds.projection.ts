import type { CalendarFeedEvent, UserEvent } from '../../src/identity/identity.events';
import { CALENDAR_FEEDS, CalendarFeedDoc } from '../../src/calendar/calendar.read-models';
import { Projection } from '../runner/projection';

/**
 * The calendar feed links in force, by their token's hash (src/calendar/calendar.read-models.ts): a reset removes
 * the link it replaces, turning it off removes it. A feed's reader looks its token up here, and nothing else does.
 * A link is a credential like a session, and ends where the sessions projection ends a person's sessions: when they
 * are deactivated or deleted (both links); a change of role ends the organization's link, which the role granted.
 * So a person reactivated or given their role back makes a new link (issue #44). Version 2: links that the log
 * shows ended so are dropped.
 */
export const calendarFeedsProjection: Projection = {
  name: 'calendarFeeds',
  version: 2,
  collections: [CALENDAR_FEEDS],
  streams: ['user', 'calendarFeed'],
  async setup(store) {
    await store.collection(CALENDAR_FEEDS).createIndex({ organizationId: 1, userId: 1 }, { name: 'organization_user' });
  },
  async apply(event, { store }) {
    const feeds = store.collection<CalendarFeedDoc>(CALENDAR_FEEDS);
    if (event.streamId.startsWith('user-')) {
      const e = { type: event.type, data: event.data } as UserEvent;
      const { userId, organizationId } = e.data;
      if (e.type === 'UserDeactivated' || e.type === 'UserDeleted') await feeds.deleteMany({ organizationId, userId });
      else if (e.type === 'UserDetailsChanged' && e.data.changes.role)
        await feeds.deleteMany({ organizationId, userId, scope: 'organization' });
      return;
    }
    if (!event.streamId.startsWith('calendarFeed-')) return;
    const e = { type: event.type, data: event.data } as CalendarFeedEvent;
    switch (e.type) {
      case 'CalendarFeedIssued': {
        const { userId, organizationId, scope, tokenHash, replacedTokenHash } = e.data;
        if (replacedTokenHash) await feeds.deleteOne({ _id: replacedTokenHash });
        // Written whole by its own hash: a replay writes the same document again.
        await feeds.replaceOne(
          { _id: tokenHash },
          { _id: tokenHash, organizationId, userId, scope, issuedAt: event.metadata.timestamp },
          { upsert: true },
        );
        break;
      }
      case 'CalendarFeedRevoked':
        await feeds.deleteOne({ _id: e.data.tokenHash });
        break;
    }
  },
};
