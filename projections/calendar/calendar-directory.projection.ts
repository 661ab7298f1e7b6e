import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import type { CustomerEvent } from '../../src/customers/customers.events';
import type { OrganizationEvent, UserEvent } from '../../src/identity/identity.events';
import type { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import type { ReadCollection } from '../../src/core/read-store/read-store.port';
import type { RequestStatus } from '../../src/shared/jobs';
import { customerLabel } from '../../src/shared/customers';
import {
  CALENDAR_DIRECTORY,
  CalendarCustomer,
  CalendarEntry,
  CalendarOrganization,
  CalendarPerson,
  CalendarRequest,
  CUSTOMER_ADDRESS_PARTS,
  CUSTOMER_LABEL_PARTS,
} from '../../src/calendar/calendar.read-models';
import { applyOnce } from '../runner/apply-once';
import { newValues } from '../runner/changes';
import { Projection } from '../runner/projection';
import { fullNameOf } from '../identity/users.projection';

const CUSTOMER_PARTS = [...CUSTOMER_LABEL_PARTS, ...CUSTOMER_ADDRESS_PARTS];

const pick = (fields: object, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((k) => k in fields).map((k) => [k, (fields as Record<string, unknown>)[k] ?? null]));

type LabelParts = Parameters<typeof customerLabel>[0];

/**
 * The calendar's directory (src/calendar/calendar.read-models.ts): the organization's zone, pick-up setting and
 * holidays,
 * people's names and colours, customers' names and addresses, and who asked to pick up which job. Other
 * projections tell the screens of these changes; this one tells nobody.
 */
export const calendarDirectoryProjection: Projection = {
  name: 'calendarDirectory',
  version: 1,
  collections: [CALENDAR_DIRECTORY],
  streams: ['organization', 'user', 'customer', 'job', 'jobSeries'],
  async setup(store) {
    await store
      .collection(CALENDAR_DIRECTORY)
      .createIndex({ organizationId: 1, kind: 1 }, { name: 'organization_kind' });
  },
  async apply(event, { store }) {
    const entries = store.collection<CalendarEntry>(CALENDAR_DIRECTORY);
    const at = event.revision;
    if (event.streamId.startsWith('organization-')) {
      const e = { type: event.type, data: event.data } as OrganizationEvent;
      const organizations = entries as ReadCollection<CalendarOrganization>;
      const { organizationId } = e.data;
      if (e.type === 'OrganizationCreated')
        await applyOnce(
          organizations,
          organizationId,
          at,
          {
            $set: {
              kind: 'organization',
              organizationId,
              timeZone: e.data.timeZone,
              pickUpJobsEnabled: e.data.pickUpJobsEnabled,
              holidays: [],
            },
          },
          { upsert: true },
        );
      else if (e.type === 'OrganizationSettingsChanged') {
        const $set = pick(newValues(e.data.changes), ['timeZone', 'pickUpJobsEnabled']);
        if (Object.keys($set).length) await applyOnce(organizations, organizationId, at, { $set });
      } else if (e.type === 'OrganizationHolidaysChanged')
        await applyOnce(organizations, organizationId, at, { $set: { holidays: e.data.holidays.map((h) => h.date) } });
    } else if (event.streamId.startsWith('user-')) {
      const e = { type: event.type, data: event.data } as UserEvent;
      const people = entries as ReadCollection<CalendarPerson>;
      const { userId, organizationId } = e.data;
      if (e.type === 'UserRegistered') {
        const { firstName, lastName, colorCode } = e.data;
        const person = { kind: 'person', organizationId, firstName, lastName, colorCode };
        await applyOnce(
          people,
          userId,
          at,
          { $set: { ...person, fullName: fullNameOf(firstName, lastName) } },
          {
            upsert: true,
          },
        );
      } else if (e.type === 'UserDetailsChanged') {
        const $set = pick(newValues(e.data.changes), ['firstName', 'lastName', 'colorCode']);
        const current = await people.findOne({ _id: userId });
        if (!current || !Object.keys($set).length) return;
        const { firstName, lastName } = { ...current, ...$set } as CalendarPerson;
        await applyOnce(people, userId, at, { $set: { ...$set, fullName: fullNameOf(firstName, lastName) } });
      } else if (e.type === 'UserDeleted') await people.deleteOne({ _id: userId });
    } else if (event.streamId.startsWith('customer-')) {
      const e = { type: event.type, data: event.data } as CustomerEvent;
      const customers = entries as ReadCollection<CalendarCustomer>;
      const { customerId, organizationId } = e.data;
      if (e.type === 'CustomerCreated') {
        const parts = pick(e.data, CUSTOMER_PARTS);
        await applyOnce(
          customers,
          customerId,
          at,
          {
            $set: {
              kind: 'customer',
              organizationId,
              ...parts,
              label: customerLabel(parts as unknown as LabelParts),
              deleted: false,
            },
          },
          { upsert: true },
        );
      } else if (e.type === 'CustomerDetailsChanged') {
        const $set = pick(newValues(e.data.changes), CUSTOMER_PARTS);
        const current = await customers.findOne({ _id: customerId });
        if (!current || !Object.keys($set).length) return;
        await applyOnce(customers, customerId, at, {
          $set: { ...$set, label: customerLabel({ ...current, ...$set } as LabelParts) },
        });
      } else if (e.type === 'CustomerDeleted') await applyOnce(customers, customerId, at, { $set: { deleted: true } });
    } else if (event.streamId.startsWith('job-') || event.streamId.startsWith('jobSeries-'))
      await applyRequest(event, entries as ReadCollection<CalendarRequest>);
  },
};

/** A request made, answered, or cancelled with its job (as projections/job-requests keeps them for managers). */
async function applyRequest(event: RecordedEvent, requests: ReadCollection<CalendarRequest>) {
  const e = { type: event.type, data: event.data } as JobEvent | JobSeriesEvent;
  const organizationId = e.data.organizationId;
  const jobId = 'occurrenceId' in e.data ? e.data.occurrenceId : 'jobId' in e.data ? e.data.jobId : null;
  const answer = (requestId: string, status: Exclude<RequestStatus, 'pending'>) =>
    applyOnce(requests, requestId, event.revision, { $set: { status } });
  const cancel = async (open: CalendarRequest[]) => {
    for (const r of open) await answer(r._id, 'cancelled');
  };
  switch (e.type) {
    case 'JobRequested':
      await applyOnce(
        requests,
        e.data.requestId,
        event.revision,
        {
          $set: {
            kind: 'request',
            organizationId,
            jobId: jobId!,
            seriesId: 'seriesId' in e.data ? e.data.seriesId : null,
            userId: e.data.userId,
            status: 'pending',
            requestedAt: event.metadata.timestamp,
          },
        },
        { upsert: true },
      );
      return;
    case 'JobRequestApproved':
      await answer(e.data.requestId, 'approved');
      for (const other of e.data.notChosen) await answer(other.requestId, 'notChosen');
      return;
    case 'JobRequestDenied':
      await answer(e.data.requestId, 'denied');
      return;
    case 'JobRequestCancelled':
      // Withdrawn: no request of theirs any more, and the job is theirs to request again.
      await requests.deleteOne({ _id: e.data.requestId });
      return;
    case 'JobDeleted':
    case 'OccurrenceDeleted':
      return cancel(await requests.find({ organizationId, kind: 'request', jobId: jobId!, status: 'pending' }));
    case 'JobSeriesDeleted':
      return cancel(
        await requests.find({ organizationId, kind: 'request', seriesId: e.data.seriesId, status: 'pending' }),
      );
    default:
      return;
  }
}
