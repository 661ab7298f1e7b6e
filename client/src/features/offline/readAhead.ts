import { useEffect } from 'react';
import { api } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { useAppStore } from '../../app/store';
import { pagedUrl } from '../../shared/pagedQuery';
import { rangeUrl } from '../scheduling/calendarRange';
import { OWN_JOBS_URL, UPCOMING_JOBS_URL } from '../scheduling/jobs';
import { todayIn } from '../scheduling/zonedTime';
import { INITIAL_TIMERS_QUERY, MY_TIMERS_URL, startableJobsRange, thisWeek } from '../timers/timers';
import { useConnectivity } from './connectivity';
/**
 * What a person needs in the field is read while the network is there, not only when its screen is opened: this
 * week's tracked times, the next jobs, and the jobs a timer may start on (Home reads the running timer, today's
 * calendar and open jobs).
 */
export function useLocalCopyOfTheDay(): void {
  const online = useConnectivity((s) => s.online);
  const zone = useAppStore((s) => s.session?.company.timeZone);
  useEffect(() => {
    if (!online || !zone) return;
    const urls = [
      pagedUrl(MY_TIMERS_URL, { ...INITIAL_TIMERS_QUERY, ...thisWeek(zone) }),
      UPCOMING_JOBS_URL,
      rangeUrl(OWN_JOBS_URL, startableJobsRange(todayIn(zone))),
    ];
    for (const url of urls)
      void queryClient.prefetchQuery({ queryKey: [url], queryFn: ({ signal }) => api.get(url, { signal }) });
  }, [online, zone]);
}
