import { given } from '../core/decider.testing';
import { NotFoundError } from '../core/errors';
import { calendarFeedDecider, NO_FEED } from './calendar-feed.decider';
import type { CalendarFeedEvent } from './identity.events';

const issue = (tokenHash: string) =>
  ({ type: 'IssueFeed', userId: 'abe', organizationId: 'org', scope: 'person', tokenHash }) as const;
const issued = (tokenHash: string, replacedTokenHash: string | null): CalendarFeedEvent => ({
  type: 'CalendarFeedIssued',
  data: { userId: 'abe', organizationId: 'org', scope: 'person', tokenHash, replacedTokenHash },
});

describe('a calendar feed link', () => {
  it('is issued, and a reset names the link it replaces', () => {
    given(calendarFeedDecider, [])
      .when(issue('h1'))
      .then([issued('h1', null)]);
    given(calendarFeedDecider, [issued('h1', null)])
      .when(issue('h2'))
      .then([issued('h2', 'h1')]);
  });

  it('is turned off once: the link in force is revoked, and then there is none', () => {
    const revoked: CalendarFeedEvent = {
      type: 'CalendarFeedRevoked',
      data: { userId: 'abe', organizationId: 'org', scope: 'person', tokenHash: 'h2' },
    };
    given(calendarFeedDecider, [issued('h1', null), issued('h2', 'h1')])
      .when({ type: 'RevokeFeed' })
      .then([revoked]);
    given(calendarFeedDecider, [issued('h1', null), revoked])
      .when({ type: 'RevokeFeed' })
      .thenThrows(NotFoundError, NO_FEED);
    given(calendarFeedDecider, []).when({ type: 'RevokeFeed' }).thenThrows(NotFoundError, NO_FEED);
    // Issued again after being turned off: nothing to replace.
    given(calendarFeedDecider, [issued('h1', null), revoked])
      .when(issue('h3'))
      .then([issued('h3', null)]);
  });
});
