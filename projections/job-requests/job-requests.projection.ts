import { DateTime } from 'luxon';
import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import type { RequestStatus } from '../../src/shared/jobs';
import type { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import { rooms } from '../../src/realtime/rooms';
import { OrganizationDoc, ORGANIZATIONS, UserDoc, USERS } from '../../src/identity/identity.read-models';
import { applyOnce } from '../runner/apply-once';
import { Projection, ProjectionContext } from '../runner/projection';
import { JOB_REQUESTS, JobRequestDoc } from '../../src/job-requests/job-requests.read-models';

/**
 * Job requests from the job and recurring-job streams: the Job Requests table's rows, the pushes to
 * managers and requesters, and the notice e-mail to the organization's managers.
 */
export const jobRequestsProjection: Projection = {
  name: 'jobRequests',
  version: 1,
  collections: [JOB_REQUESTS],
  async setup(store) {
    await store.collection(JOB_REQUESTS).createIndex({ organizationId: 1, status: 1 }, { name: 'organization_status' });
  },
  async apply(event, context) {
    if (!event.streamId.startsWith('job-') && !event.streamId.startsWith('jobSeries-')) return;
    const e = { type: event.type, data: event.data } as JobEvent | JobSeriesEvent;
    const organizationId = e.data.organizationId;
    const jobId = 'occurrenceId' in e.data ? e.data.occurrenceId : 'jobId' in e.data ? e.data.jobId : null;
    const requests = context.store.collection<JobRequestDoc>(JOB_REQUESTS);
    switch (e.type) {
      case 'JobRequested': {
        const { requestId, userId, name, start, end } = e.data;
        await applyOnce(
          requests,
          requestId,
          event.revision,
          {
            $set: {
              organizationId,
              jobId: jobId!,
              seriesId: 'seriesId' in e.data ? e.data.seriesId : null,
              userId,
              name,
              start,
              end,
              status: 'pending',
              requestedAt: event.metadata.timestamp,
              answeredAt: null,
              answeredBy: null,
            },
          },
          { upsert: true },
        );
        await mailManagers(context, organizationId, e.data);
        break;
      }
      case 'JobRequestApproved':
        await answer(context, event, jobId!, e.data.requestId, 'approved');
        for (const other of e.data.notChosen) await answer(context, event, jobId!, other.requestId, 'notChosen');
        break;
      case 'JobRequestDenied':
        await answer(context, event, jobId!, e.data.requestId, 'denied');
        break;
      case 'JobDeleted':
      case 'OccurrenceDeleted': {
        const open = await requests.find({ organizationId, jobId: jobId!, status: 'pending' });
        for (const r of open) await answer(context, event, r.jobId, r._id, 'cancelled');
        return;
      }
      case 'JobSeriesDeleted': {
        const open = await requests.find({ organizationId, seriesId: e.data.seriesId, status: 'pending' });
        for (const r of open) await answer(context, event, r.jobId, r._id, 'cancelled');
        return;
      }
      default:
        return;
    }
    context.notify({
      rooms: [rooms.managers(organizationId)],
      event: 'jobRequests.changed',
      payload: { organizationId, jobId: jobId! },
    });
  },
};

/** Records the outcome and tells the requester (and, for a closed request, the managers). */
async function answer(
  { store, notify }: ProjectionContext,
  event: RecordedEvent,
  jobId: string,
  requestId: string,
  status: Exclude<RequestStatus, 'pending'>,
) {
  const requests = store.collection<JobRequestDoc>(JOB_REQUESTS);
  const request = await requests.findOne({ _id: requestId });
  if (!request) return;
  await applyOnce(requests, requestId, event.revision, {
    $set: { status, answeredAt: event.metadata.timestamp, answeredBy: event.metadata.actorUserId },
  });
  notify({
    rooms: [rooms.user(request.userId)],
    event: 'jobRequest.answered',
    payload: { requestId, jobId, jobName: request.name, status },
  });
  if (status === 'cancelled')
    notify({
      rooms: [rooms.managers(request.organizationId)],
      event: 'jobRequests.changed',
      payload: { organizationId: request.organizationId, jobId },
    });
}

/** Spec §4: a manager is notified; every active Company Admin and Customer Manager gets the e-mail. */
async function mailManagers(
  { store, mail, publicUrl }: ProjectionContext,
  organizationId: string,
  request: { userId: string; name: string; start: string; end: string },
) {
  const [organization, people] = await Promise.all([
    store.collection<OrganizationDoc>(ORGANIZATIONS).findOne({ _id: organizationId }),
    store.collection<UserDoc>(USERS).find({ organizationId }),
  ]);
  const requester = people.find((u) => u._id === request.userId)?.fullName ?? 'An employee';
  const zone = organization?.timeZone ?? 'UTC';
  const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  const when = `${at(request.start).toFormat('cccc d LLLL yyyy, h:mm a')} – ${at(request.end).toFormat('h:mm a')}`;
  const where = organization?.name ?? 'your organization';
  // The Job Schedule holds the Job Requests table (spec §2); the link only opens it: approving is a click there.
  const schedule = `${publicUrl ?? ''}/scheduling`;
  for (const manager of people.filter(
    (u) => u.active && u.roles.some((r) => r === 'Company Admin' || r === 'Customer Manager'),
  )) {
    mail({
      to: manager.email,
      subject: `Job request: ${requester} would like to pick up ${request.name}`,
      text: `Hello ${manager.firstName},\n\n${requester} requested to pick up "${request.name}" (${when}) at ${where}.\n\nOpen the Job Schedule to approve or deny the request:\n\n${schedule}\n`,
      html:
        `<p>Hello ${escapeHtml(manager.firstName)},</p>` +
        `<p>${escapeHtml(requester)} requested to pick up &ldquo;${escapeHtml(request.name)}&rdquo; (${escapeHtml(when)}) at ${escapeHtml(where)}.</p>` +
        `<p><a href="${escapeHtml(schedule)}">Open the Job Schedule</a> to approve or deny the request.</p>`,
    });
  }
}

/** Names and job titles are typed by people: never markup in the e-mail. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
