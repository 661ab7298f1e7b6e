import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type MutationResult } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';
import {
  CALENDAR_FEEDS_URL,
  calendarFeedUrl,
  type CalendarFeedLink,
  type CalendarFeedScopeName,
  type CalendarFeedState,
  type CalendarFeedsView,
} from './calendarFeed';

type Answer<D = unknown> = MutationResult<D> & { message: string };

/** Whether my feed links are on, and since when (the organization's only for those who manage jobs). */
export const useCalendarFeeds = () => useApiQuery<CalendarFeedsView>(CALENDAR_FEEDS_URL);

/**
 * The view says at once what the answer said (the link shown belongs to the state it is shown with), then is read
 * again from the server.
 */
function useFeedChange<D>(
  scope: CalendarFeedScopeName,
  call: () => Promise<Answer<D>>,
  after: (a: Answer<D>) => CalendarFeedState,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData<CalendarFeedsView>([CALENDAR_FEEDS_URL], (view) =>
        view && (scope === 'person' || view.organization) ? { ...view, [scope]: after(answer) } : view,
      );
      return invalidateUrls([CALENDAR_FEEDS_URL]);
    },
  });
}

/** Makes a new link, replacing (revoking) the one in force: both "Create feed link" and "Reset link". */
export const useIssueCalendarFeed = (scope: CalendarFeedScopeName) =>
  useFeedChange(
    scope,
    () => api.post<Answer<CalendarFeedLink>>(calendarFeedUrl(scope)),
    (answer) => ({ active: true, issuedAt: answer.data?.issuedAt ?? null }),
  );

/** Turns the link off: calendars subscribed to it get 404 from then on. */
export const useRevokeCalendarFeed = (scope: CalendarFeedScopeName) =>
  useFeedChange(
    scope,
    () => api.delete<Answer>(calendarFeedUrl(scope)),
    () => ({ active: false, issuedAt: null }),
  );
