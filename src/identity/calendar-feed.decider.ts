import type { Decider } from '../core/decider';
import { NotFoundError } from '../core/errors';
import type { CalendarFeedEvent, CalendarFeedScope } from './identity.events';

export type CalendarFeedCommand =
  | { type: 'IssueFeed'; userId: string; organizationId: string; scope: CalendarFeedScope; tokenHash: string }
  | { type: 'RevokeFeed' };

/** The link in force, if any. */
export interface CalendarFeedState {
  userId: string | null;
  organizationId: string | null;
  scope: CalendarFeedScope | null;
  tokenHash: string | null;
}

export const NO_FEED = 'You have no calendar feed link to turn off';

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedState, CalendarFeedEvent> = {
  initialState: { userId: null, organizationId: null, scope: null, tokenHash: null },
  evolve(state, event) {
    switch (event.type) {
      case 'CalendarFeedIssued': {
        const { userId, organizationId, scope, tokenHash } = event.data;
        return { userId, organizationId, scope, tokenHash };
      }
      case 'CalendarFeedRevoked':
        return { ...state, tokenHash: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'IssueFeed': {
        const { userId, organizationId, scope, tokenHash } = command;
        return [
          {
            type: 'CalendarFeedIssued',
            data: { userId, organizationId, scope, tokenHash, replacedTokenHash: state.tokenHash },
          },
        ];
      }
      case 'RevokeFeed': {
        if (!state.tokenHash || !state.userId || !state.organizationId || !state.scope)
          throw new NotFoundError('The calendar feed link', NO_FEED);
        const { userId, organizationId, scope, tokenHash } = state;
        return [{ type: 'CalendarFeedRevoked', data: { userId, organizationId, scope, tokenHash } }];
      }
    }
  },
};
