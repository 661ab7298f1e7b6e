import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import type { RequestStatus } from '../../src/shared/jobs';
import type { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import { rooms } from '../../src/realtime/rooms';
import { applyOnce } from '../runner/apply-once';
import { Projection, ProjectionContext } from '../runner/projection';
import { JOB_REQUESTS, JobRequestDoc } from '../../src/job-requests/job-requests.read-models';

/**
 * Job requests from the job and recurring-job streams: the Job Requests table's rows and the pushes to
 * managers and requesters. The notice e-mail to the managers is a process's: src/job-requests/job-request-emails.process.ts.
 */
export const jobRequestsProjection: Projection = {
  name: 'jobRequests',
  version: 1,
  collections: [JOB_REQUESTS],
  streams: ['job', 'jobSeries'],
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
        break;
      }
      case 'JobRequestApproved':
        await answer(context, event, jobId!, e.data.requestId, 'approved');
        for (const other of e.data.notChosen) await answer(context, event, jobId!, other.requestId, 'notChosen');
        break;
      case 'JobRequestDenied':
        await answer(context, event, jobId!, e.data.requestId, 'denied');
        break;
      case 'JobRequestCancelled':
        // Withdrawn by its requester: closed unanswered, by them; the managers' table drops it (pushed below).
        await applyOnce(requests, e.data.requestId, event.revision, {
          $set: { status: 'cancelled', answeredAt: event.metadata.timestamp, answeredBy: e.data.userId },
        });
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
