// The timers' URLs, apart from timers.ts (which needs luxon): the phone's offline start-up reads them before any
// screen, and the sign-in page loads no date library.
export const TIME_URL = '/api/time';
export const CURRENT_TIMER_URL = `${TIME_URL}/current`;
export const MY_TIMERS_URL = `${TIME_URL}/user/paged`;
export const ORGANIZATION_TIMERS_URL = `${TIME_URL}/paged`;
/** Who is on the clock now (jobs.crud): Home's today panel. */
export const RUNNING_TIMERS_URL = `${TIME_URL}/running`;
export const timerUrl = (id: string) => `${TIME_URL}/${encodeURIComponent(id)}`;
