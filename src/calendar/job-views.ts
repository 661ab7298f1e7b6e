import type { ReadStore } from '../core/read-store/read-store.port';
import { calendarCustomers, calendarPeople } from './calendar.read-models';
import { namesAt } from '../as-of/report-history.read-models';
import { JobTimeEntry, jobTimes } from '../timers/timers.read-models';
import type { CalendarJob } from '../scheduling/calendar-jobs';
import type { TurnBudget } from '../core/loop-turns';
import { AVAILABILITY_COLOR, AVAILABLE_COLOR, INTERNAL_COLOR } from '../shared/job-colours';
import type { JobCustomer, JobPerson, JobRecurrenceModel, JobView } from '../shared/jobs';
import type { CustomerAddress } from '../shared/customers';

/** Spec §4: its own colour, else its lead's, else red when assigned without a customer (Internal), else navy (Available for Requests). */
export function jobColor(
  job: Pick<CalendarJob, 'colorOption' | 'userIds' | 'customerId' | 'availabilityOnly'>,
  leadColor: string | null,
): string {
  if (job.colorOption) return job.colorOption;
  if (job.availabilityOnly) return AVAILABILITY_COLOR;
  return leadColor ?? (job.userIds.length && !job.customerId ? INTERNAL_COLOR : AVAILABLE_COLOR);
}

/** Most jobs have no time on them: one frozen array serves every such view. */
const NO_TRACKED_TIMES: readonly JobTimeEntry[] = Object.freeze([]);

/** People by id, with the name and colour the views show. */
type People = Map<string, { fullName: string; colorCode: string | null }>;

/**
 * The organization's people and the names of `customerIds`, as they are, or as they were at a log position
 * (the schedule as of a moment: people's names and colours and customers' names from their versions in
 * projections/report-history; a person or customer with none then, as they are now).
 */
async function namesOf(
  store: ReadStore,
  organizationId: string,
  jobs: CalendarJob[],
  customerIds: string[],
  asOfPosition: number | null,
): Promise<{ people: People; customerNames: Map<string, string> }> {
  const people: People = await calendarPeople(store, organizationId);
  const customerNames = new Map<string, string>();
  if (asOfPosition === null) return { people, customerNames };
  const userIds = [...new Set(jobs.flatMap((j) => (j.leadUserId ? [...j.userIds, j.leadUserId] : j.userIds)))];
  const [peopleThen, customersThen] = await Promise.all([
    namesAt(store, 'user', organizationId, userIds, asOfPosition),
    namesAt(store, 'customer', organizationId, customerIds, asOfPosition),
  ]);
  for (const [id, then] of peopleThen)
    people.set(id, { fullName: then.label, colorCode: then.colorCode ?? people.get(id)?.colorCode ?? null });
  for (const [id, then] of customersThen) customerNames.set(id, then.label);
  return { people, customerNames };
}

/**
 * The job as the API shows it (spec §3 Job), with names, colours and the recurrence it belongs to; with
 * `asOfPosition`, with the names and colours of that moment.
 * A week holds hundreds of occurrences of a few series: their assignees, lead, customer and
 * recurrence fragments are built once per request and shared, so a view costs one object.
 */
export async function jobViews(
  store: ReadStore,
  organizationId: string,
  jobs: CalendarJob[],
  asOfPosition: number | null = null,
  /** A long calendar's reads take turns of the event loop (src/calendar/calendar.queries.ts). */
  budget: TurnBudget | null = null,
): Promise<JobView[]> {
  const customerIds = [...new Set(jobs.map((j) => j.customerId).filter((id): id is string => !!id))];
  const { people: users, customerNames } = await namesOf(store, organizationId, jobs, customerIds, asOfPosition);
  const customers = new Map<string, JobCustomer>(
    (await calendarCustomers(store, organizationId, customerIds)).map((c) => [
      c._id,
      {
        id: c._id,
        // A deleted customer keeps its jobs, which still name it, marked (pickers no longer offer it).
        name: customerNames.get(c._id) ?? (c.deleted ? `${c.label} (deleted)` : c.label),
        deleted: c.deleted,
        ...addressOf(c),
      },
    ]),
  );
  await budget?.spent();
  const times = await jobTimes(
    store,
    jobs.filter((j) => !j.availabilityOnly).map((j) => j.id),
  );
  await budget?.spent();
  const person = (id: string): JobPerson => ({
    id,
    fullName: users.get(id)?.fullName ?? 'Former employee',
    colorCode: users.get(id)?.colorCode ?? null,
  });
  const leads = new Map<string, JobPerson | null>();
  const leadOf = (id: string) => {
    if (!leads.has(id)) {
      const lead = users.get(id);
      leads.set(id, lead ? { id, fullName: lead.fullName, colorCode: lead.colorCode } : null);
    }
    return leads.get(id)!;
  };
  // Occurrences of one series share their userIds array and series object, so these memos hit by reference.
  const crews = new Map<string[], JobPerson[]>();
  const crewOf = (userIds: string[]) => {
    let crew = crews.get(userIds);
    if (!crew) crews.set(userIds, (crew = userIds.map(person)));
    return crew;
  };
  const recurrences = new Map<NonNullable<CalendarJob['series']>, JobRecurrenceModel>();
  const recurrenceOf = (series: NonNullable<CalendarJob['series']>) => {
    let model = recurrences.get(series);
    if (!model) recurrences.set(series, (model = recurrenceModel(series)));
    return model;
  };
  return jobs.map((job): JobView => {
    const lead = job.leadUserId ? leadOf(job.leadUserId) : null;
    return {
      id: job.id,
      name: job.name,
      notes: job.notes,
      number: job.number,
      type: job.type,
      startDateTime: job.start,
      endDateTime: job.end,
      userIds: job.userIds,
      users: crewOf(job.userIds),
      leadUserId: job.leadUserId,
      leadUser: lead,
      customerId: job.customerId,
      customer: (job.customerId && customers.get(job.customerId)) || null,
      colorOption: job.colorOption,
      color: jobColor(job, lead?.colorCode ?? null),
      hideFromScheduleView: job.hideFromScheduleView,
      availabilityOnly: job.availabilityOnly,
      /** Spec §3's external-booking fields: booked online by a visitor, in their name. */
      selfBooked: job.selfBooked ?? false,
      scheduledOnBehalfOf: job.scheduledOnBehalfOf ?? null,
      isOpen: !job.leadUserId && job.userIds.length === 0,
      /** Time and mileage recorded on it (the calendars' "time submitted" and "mileage submitted" marks). */
      trackedTimes: times.get(job.id) ?? NO_TRACKED_TIMES,
      /** The viewer's own request to pick this job up, on requestable calendars (src/job-requests). */
      requestStatus: null,
      jobRecurrenceModel: job.series ? recurrenceOf(job.series) : null,
    };
  });
}

/** A job's customer's address, every field of it (null where the customer has none). */
function addressOf(customer: Partial<CustomerAddress>): CustomerAddress {
  return {
    address1: customer.address1 ?? null,
    address2: customer.address2 ?? null,
    city: customer.city ?? null,
    state: customer.state ?? null,
    postalCode: customer.postalCode ?? null,
    country: customer.country ?? null,
  };
}

/**
 * `JobCustomer` (src/shared/jobs.ts) writes `CustomerAddress`'s fields again, since a file of the wire contract imports
 * nothing: this does not compile once the two differ.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<Omit<JobCustomer, 'id' | 'name' | 'deleted'>, CustomerAddress>;

function recurrenceModel(series: NonNullable<CalendarJob['series']>): JobRecurrenceModel {
  return {
    id: series.id,
    recurringFrequency: series.rule.frequency,
    recurrenceDays: series.rule.days.join(','),
    weeklyRecurrence: series.rule.weeklyRecurrence,
    expireDate: series.rule.expireDate,
  };
}
