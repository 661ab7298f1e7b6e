/** My Profile's calendar feed links (issue #31 item 1): what the card shows of a link, and where it sends it. */
import type { CalendarFeedLink, CalendarFeedScopeName, CalendarFeedState } from '../../../../src/shared/calendar-feeds';

export type {
  CalendarFeedLink,
  CalendarFeedScopeName,
  CalendarFeedsView,
  CalendarFeedState,
} from '../../../../src/shared/calendar-feeds';

export const CALENDAR_FEEDS_URL = '/api/calendar-feeds';
export const calendarFeedUrl = (scope: CalendarFeedScopeName) => `${CALENDAR_FEEDS_URL}/${scope}`;

/** The calendar's name where an app asks for one (Outlook's add-from-web link). */
export const FEED_CALENDAR_NAME = 'CrewClock';

/** A feed's address in both forms: https for copying and Outlook, webcal for Apple and Google. */
export type FeedAddress = Pick<CalendarFeedLink, 'url' | 'webcalUrl'>;

/** The link as made, or (organization feeds) narrowed to one person's jobs with `?person=<id>`. */
export function feedAddress(link: FeedAddress, personId: string | null): FeedAddress {
  if (!personId) return { url: link.url, webcalUrl: link.webcalUrl };
  const query = `?person=${encodeURIComponent(personId)}`;
  return { url: `${link.url}${query}`, webcalUrl: `${link.webcalUrl}${query}` };
}

/** Subscribe links: Google takes the webcal address as `cid`, Apple opens webcal itself, Outlook takes the https one. */
export function addToCalendarLinks({ url, webcalUrl }: FeedAddress): {
  google: string;
  apple: string;
  outlook: string;
} {
  return {
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl)}`,
    apple: webcalUrl,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent(FEED_CALENDAR_NAME)}`,
  };
}

/** 'Nov 27, 2026': the day a link was made, in the organization's zone. */
export function feedDateLabel(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: zone }).format(
    new Date(iso),
  );
}

/**
 * The link made on this screen while it is still the one in force: not once the feed is off, nor once another
 * link replaced it (reset in another tab). Its address is known only from the answer that made it.
 */
export function linkStillInForce(made: CalendarFeedLink | null, state: CalendarFeedState): CalendarFeedLink | null {
  if (!made || !state.active) return null;
  if (state.issuedAt && Date.parse(state.issuedAt) !== Date.parse(made.issuedAt)) return null;
  return made;
}
