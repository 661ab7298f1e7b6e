// Calendar feeds on the wire (issue #31 item 1), shared by the server and the client: imports nothing.

/** A feed link's state on My Profile: its address is shown once, when made (only its hash is kept). */
export interface CalendarFeedState {
  active: boolean;
  /** When the link in force was made (UTC ISO), or null. */
  issuedAt: string | null;
}

/** GET /api/calendar-feeds: the person's feed, and the organization's for those who manage jobs (else null). */
export interface CalendarFeedsView {
  person: CalendarFeedState;
  organization: CalendarFeedState | null;
}

/** POST /api/calendar-feeds/{scope}: the new link, shown this once. */
export interface CalendarFeedLink {
  /** https://…/calendar/{token}.ics */
  url: string;
  /** The same as webcal://, which phones and desktop calendars open as a subscription. */
  webcalUrl: string;
  issuedAt: string;
}

export const CALENDAR_FEED_SCOPES = ['person', 'organization'] as const;
export type CalendarFeedScopeName = (typeof CALENDAR_FEED_SCOPES)[number];
