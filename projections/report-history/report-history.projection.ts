import { isDeepStrictEqual } from 'node:util';
import { PAST_READ_MODELS } from '../../src/as-of/read-models-of-the-past';
import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import type { ReadCollection } from '../../src/core/read-store/read-store.port';
import type { CustomerEvent } from '../../src/customers/customers.events';
import { customerLabel } from '../../src/customers/customers.read-models';
import type { UserEvent } from '../../src/identity/identity.events';
import type { RatingEvent } from '../../src/ratings/ratings.events';
import {
  namesAt,
  NameVersion,
  RATING_REPORT_FIELDS,
  RatingVersion,
  REPORT_NAME_VERSIONS,
  REPORT_RATING_VERSIONS,
  REPORT_TIMER_VERSIONS,
  TimerVersion,
  Version,
} from '../../src/as-of/report-history.read-models';
import { OPEN, versionId } from '../../src/as-of/versions';
import { fullNameOf } from '../identity/users.projection';
import { ratingUpdate } from '../ratings/rating-update';
import { newValues } from '../runner/changes';
import { Projection } from '../runner/projection';
import { customerOfJob } from '../timers/timers.projection';
import { timerUpdate } from '../timers/timer-update';

/** The fields a version of a timer keeps: what the Jobs report reads. */
const TIMER_FIELDS = [
  'organizationId',
  'userId',
  'userFullName',
  'label',
  'type',
  'startDateTime',
  'endDateTime',
  'startsAt',
  'mileageStart',
  'mileageEnd',
  'jobId',
  'jobName',
  'customerId',
  'customerName',
  'sequence',
] as const;
const RATING_FIELDS = ['organizationId', ...RATING_REPORT_FIELDS] as const;
const CUSTOMER_NAME_PARTS = ['name', 'displayName', 'contactFirstName', 'contactLastName'] as const;
const USER_NAME_PARTS = ['firstName', 'lastName'] as const;

type Fields = Record<string, unknown>;
const pick = (from: Fields, keys: readonly string[]): Fields =>
  Object.fromEntries(keys.map((k) => [k, from[k] ?? null]));

/**
 * The Jobs and Ratings reports as of any moment (issue #17): versions of each timer and each rating as their own
 * projections write them (the same update functions, laid over the version before), and of the names the reports
 * join: customers' (name and billing frequency) and people's (with their colour, which the schedule as of a moment
 * reads too). Each version is valid over [from, to), the positions
 * of the event that made it and of the one that replaced or deleted it. Computed from the events and the versions
 * alone, so this projection rebuilds on its own; the one exception is a timer whose event carried no customer (timers
 * recorded before the reports): the job's customer is looked up in the schedule as it is when applied, as the timers
 * projection does.
 */
export const reportHistoryProjection: Projection = {
  name: PAST_READ_MODELS.reports,
  ofThePast: true,
  // 2: people's colours, for the schedule as of a moment
  version: 2,
  collections: [REPORT_TIMER_VERSIONS, REPORT_RATING_VERSIONS, REPORT_NAME_VERSIONS],
  streams: ['timer', 'rating', 'customer', 'user'],
  async setup(store) {
    for (const name of [REPORT_TIMER_VERSIONS, REPORT_RATING_VERSIONS, REPORT_NAME_VERSIONS])
      // A record's versions by position: the one current before an event, and the ones it closes.
      await store.collection(name).createIndex({ recordId: 1, from: 1 }, { name: 'record_from' });
    // The Jobs report as of a moment: a range of starts (the organization's, one person's or one customer's) in
    // start order, with from and to tested on the index's entries.
    const timers = store.collection(REPORT_TIMER_VERSIONS);
    await timers.createIndex(
      { organizationId: 1, startsAt: 1, sequence: 1, from: 1, to: 1 },
      { name: 'organization_starts_sequence_from_to' },
    );
    await timers.createIndex(
      { organizationId: 1, userId: 1, startsAt: 1, sequence: 1, from: 1, to: 1 },
      { name: 'organization_user_starts_sequence_from_to' },
    );
    await timers.createIndex(
      { organizationId: 1, customerId: 1, startsAt: 1, sequence: 1, from: 1, to: 1 },
      { name: 'organization_customer_starts_sequence_from_to' },
    );
    // The Ratings report as of a moment: answered ratings by their job's start, the organization's or one customer's.
    const ratings = store.collection(REPORT_RATING_VERSIONS);
    await ratings.createIndex(
      { organizationId: 1, submitted: 1, jobStartsAt: 1, recordId: 1, from: 1, to: 1 },
      { name: 'organization_submitted_job_starts_record_from_to' },
    );
    await ratings.createIndex(
      { organizationId: 1, customerId: 1, submitted: 1, jobStartsAt: 1, recordId: 1, from: 1, to: 1 },
      { name: 'organization_customer_submitted_job_starts_record_from_to' },
    );
  },
  async apply(event, { store }) {
    const data = event.data as { organizationId: string };
    if (event.streamId.startsWith('timer-')) {
      const { timerId } = event.data as { timerId: string };
      const at = event.position.commit;
      await writeVersion(store.collection<TimerVersion>(REPORT_TIMER_VERSIONS), timerId, event, async (current) => {
        const update = await timerUpdate(event, {
          // The owner's name as it was then, as the timers projection reads it from the people's read model.
          userFullName: async (userId) =>
            (await namesAt(store, 'user', data.organizationId, [userId], at)).get(userId)?.label ?? null,
          customerOfJob: (organizationId, jobId) => customerOfJob(store, organizationId, jobId),
        });
        if (update === 'deleted') return 'deleted';
        if (!current && event.type !== 'TimerStarted' && event.type !== 'TimeAdded') return null;
        return pick({ ...current, ...update }, TIMER_FIELDS);
      });
    } else if (event.streamId.startsWith('rating-')) {
      const e = { type: event.type, data: event.data } as RatingEvent;
      await writeVersion(store.collection<RatingVersion>(REPORT_RATING_VERSIONS), e.data.ratingId, event, (current) => {
        // The versions keep no history of edits: an edit's history is not what the reports read.
        const update = ratingUpdate(e, event.metadata.timestamp, current ? { history: [] } : null);
        if (!update || (!current && e.type !== 'RatingRequested')) return Promise.resolve(null);
        return Promise.resolve(pick({ ...current, ...update }, RATING_FIELDS));
      });
    } else if (event.streamId.startsWith('customer-')) {
      const e = { type: event.type, data: event.data } as CustomerEvent;
      const names = store.collection<NameVersion>(REPORT_NAME_VERSIONS);
      await writeVersion(names, e.data.customerId, event, (current) => {
        const set: Fields =
          e.type === 'CustomerCreated'
            ? { ...e.data }
            : e.type === 'CustomerDetailsChanged'
              ? newValues(e.data.changes)
              : {};
        const relevant = [...CUSTOMER_NAME_PARTS, 'billingFrequency'].some((k) => k in set);
        if (!relevant || (!current && e.type !== 'CustomerCreated')) return Promise.resolve(null);
        const parts = pick({ ...current?.parts, ...set }, CUSTOMER_NAME_PARTS) as Record<string, string | null>;
        return Promise.resolve({
          kind: 'customer',
          organizationId: e.data.organizationId,
          parts,
          label: customerLabel(parts as Parameters<typeof customerLabel>[0]),
          billingFrequency: ('billingFrequency' in set ? set.billingFrequency : current?.billingFrequency) ?? null,
          colorCode: null,
        });
      });
    } else if (event.streamId.startsWith('user-')) {
      const e = { type: event.type, data: event.data } as UserEvent;
      const names = store.collection<NameVersion>(REPORT_NAME_VERSIONS);
      await writeVersion(names, e.data.userId, event, (current) => {
        if (e.type === 'UserDeleted') return Promise.resolve('deleted');
        const set: Fields =
          e.type === 'UserRegistered'
            ? { firstName: e.data.firstName, lastName: e.data.lastName, colorCode: e.data.colorCode }
            : e.type === 'UserDetailsChanged'
              ? newValues(e.data.changes)
              : {};
        const relevant = [...USER_NAME_PARTS, 'colorCode'].some((k) => k in set);
        if (!relevant || (!current && e.type !== 'UserRegistered')) return Promise.resolve(null);
        const parts = pick({ ...current?.parts, ...set }, USER_NAME_PARTS) as { firstName: string; lastName: string };
        return Promise.resolve({
          kind: 'user',
          organizationId: e.data.organizationId,
          parts,
          label: fullNameOf(parts.firstName, parts.lastName),
          billingFrequency: null,
          colorCode: (('colorCode' in set ? set.colorCode : current?.colorCode) as string | null | undefined) ?? null,
        });
      });
    }
  },
};

/**
 * Writes the version of `recordId` that `event` makes, at most once: `next` gets the version current just before
 * the event (null: none, or deleted) and returns the new version's fields, 'deleted', or null when the event
 * changes nothing the reports read. Delivery is at-least-once: the version's id is the record's id and the
 * event's position, so applying the event again writes the same version, and the one before is closed (its `to`
 * set to the position) after the new one is written, so a crash between the two leaves nothing a replay does
 * not mend. Two events of one record at one position (one append, on EventStoreDB) make one version: the second
 * builds on the first's and replaces it.
 */
async function writeVersion<V extends Version>(
  versions: ReadCollection<V>,
  recordId: string,
  event: RecordedEvent,
  next: (current: V | null) => Promise<Fields | 'deleted' | null>,
): Promise<void> {
  const position = event.position.commit;
  const id = versionId(recordId, position);
  const [latest] = await versions.find({ recordId, from: { $lte: position } }, { sort: { from: -1 }, limit: 1 });
  if (latest && latest.from === position && latest.rev >= event.revision) {
    // Applied already. Without transactions (MongoDB) a crash may have come between writing this version and
    // closing the one before: close it (a no-op otherwise).
    await versions.updateMany({ recordId, from: { $lt: position }, to: { $gt: position } }, { $set: { to: position } });
    return;
  }
  const current = latest && latest.to > position ? latest : null;
  const fields = await next(current);
  if (fields === null) return;
  // The version this event replaces, closed once the new one is written; none when the current version is this
  // position's own (an earlier event of the same append), which is rewritten instead.
  const replaced = current && current.from < position ? current : null;
  const closeReplaced = async () => {
    if (replaced) await versions.updateOne({ _id: replaced._id }, { $set: { to: position } });
  };
  if (fields === 'deleted') {
    if (latest?.from === position) await versions.deleteOne({ _id: id });
    await closeReplaced();
    return;
  }
  if (replaced && isDeepStrictEqual(pick(replaced, Object.keys(fields)), fields)) return;
  if (latest?.from === position)
    await versions.updateOne({ _id: id }, { $set: { ...fields, rev: event.revision, to: OPEN } });
  // No version at this position yet (`latest` is the last at or before it): a plain insert.
  else await versions.insertOne({ ...fields, _id: id, recordId, from: position, to: OPEN, rev: event.revision } as V);
  await closeReplaced();
}
