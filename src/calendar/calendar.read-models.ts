import type { ReadStore } from '../core/read-store/read-store.port';
import type { CustomerDetails } from '../customers/customers.events';
import type { RequestStatus } from '../shared/jobs';

/**
 * The calendar's own read model (projections/calendar): what its job views show beside the jobs, kept from the
 * identity, customer and request events so that a week read reads the schedule, its history, the availability
 * overlay and this, and no other feature's read models.
 */
export const CALENDAR_DIRECTORY = 'calendarDirectory';

interface Entry {
  _id: string;
  organizationId: string;
  _rev?: number;
}

/** The organization's settings a calendar uses (`_id`: the organization's id). */
export interface CalendarOrganization extends Entry {
  kind: 'organization';
  timeZone: string;
  pickUpJobsEnabled: boolean;
  /** The organization's holidays (YYYY-MM-DD): no availability is laid over them. */
  holidays: string[];
}

/** A person as jobs name and colour them (`_id`: the user's id); a deleted person has none ("Former employee"). */
export interface CalendarPerson extends Entry {
  kind: 'person';
  firstName: string;
  lastName: string;
  fullName: string;
  colorCode: string | null;
}

/** The name parts a customer's label is made of. */
export const CUSTOMER_LABEL_PARTS = ['name', 'displayName', 'contactFirstName', 'contactLastName'] as const;
/** The address a job shows of its customer. */
export const CUSTOMER_ADDRESS_PARTS = ['address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;

/** A customer as its jobs show it (`_id`: the customer's id); a deleted one is kept, marked. */
export interface CalendarCustomer
  extends
    Entry,
    Pick<CustomerDetails, (typeof CUSTOMER_LABEL_PARTS)[number] | (typeof CUSTOMER_ADDRESS_PARTS)[number]> {
  kind: 'customer';
  label: string;
  deleted: boolean;
}

/** A request to pick up a job, for the requester's own calendar (`_id`: the request's id). */
export interface CalendarRequest extends Entry {
  kind: 'request';
  /** A one-time job's id or an occurrence's `<seriesId>_<YYYYMMDD>`. */
  jobId: string;
  seriesId: string | null;
  userId: string;
  status: RequestStatus;
  requestedAt: string;
}

export type CalendarEntry = CalendarOrganization | CalendarPerson | CalendarCustomer | CalendarRequest;

/*
 * The readers: the calendar's queries read it through them (the projection, which writes it, keeps its own access).
 */

const directory = <T extends CalendarEntry>(store: ReadStore) => store.collection<T>(CALENDAR_DIRECTORY);

export function calendarOrganization(store: ReadStore, organizationId: string): Promise<CalendarOrganization | null> {
  return directory<CalendarOrganization>(store).findOne({ _id: organizationId, kind: 'organization' });
}

/** The organization's people by id (the deleted ones are gone). */
export async function calendarPeople(store: ReadStore, organizationId: string): Promise<Map<string, CalendarPerson>> {
  const people = await directory<CalendarPerson>(store).find({ organizationId, kind: 'person' });
  return new Map(people.map((p) => [p._id, p]));
}

export function calendarPerson(store: ReadStore, organizationId: string, userId: string) {
  return directory<CalendarPerson>(store).findOne({ _id: userId, organizationId, kind: 'person' });
}

/** The organization's customers of these ids, deleted ones too (their jobs still name them). */
export function calendarCustomers(
  store: ReadStore,
  organizationId: string,
  ids: string[],
): Promise<CalendarCustomer[]> {
  if (!ids.length) return Promise.resolve([]);
  return directory<CalendarCustomer>(store).find({ _id: { $in: ids }, organizationId, kind: 'customer' });
}

/** Job id → the status of the user's request to pick it up (the last made, when there were several). */
export async function requestStatusesOf(
  store: ReadStore,
  organizationId: string,
  userId: string,
): Promise<Map<string, RequestStatus>> {
  const requests = await directory<CalendarRequest>(store).find(
    { organizationId, kind: 'request', userId },
    { sort: { requestedAt: 1, _id: 1 } },
  );
  return new Map(requests.map((r) => [r.jobId, r.status]));
}

/** Calendar feed links in force (projections/calendar/calendar-feeds.projection.ts). */
export const CALENDAR_FEEDS = 'calendarFeeds';

/** A feed link in force: `_id` is its token's SHA-256 (hex); the token itself is stored nowhere. */
export interface CalendarFeedDoc {
  _id: string;
  organizationId: string;
  userId: string;
  scope: 'person' | 'organization';
  issuedAt: string;
  _rev?: number;
}

/** The link a token's hash stands for, if in force. */
export function calendarFeedByHash(store: ReadStore, tokenHash: string): Promise<CalendarFeedDoc | null> {
  return store.collection<CalendarFeedDoc>(CALENDAR_FEEDS).findOne({ _id: tokenHash });
}

/** A person's links in force (at most one per scope). */
export function calendarFeedsOf(store: ReadStore, organizationId: string, userId: string): Promise<CalendarFeedDoc[]> {
  return store.collection<CalendarFeedDoc>(CALENDAR_FEEDS).find({ organizationId, userId });
}
