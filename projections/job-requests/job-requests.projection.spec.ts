import { eventLog, projection } from '../../src/core/projection.testing';
import { JOB_REQUESTS } from '../../src/job-requests/job-requests.read-models';
import type { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import { jobRequestsProjection } from './job-requests.projection';

const ORG = 'org-1';
const JOB = 'job-a';
const SERIES = 'series-a';
const ANA = 'user-ana';
const BOB = 'user-bob';
const MANAGER = 'user-manager';
const when = { start: '2030-01-08T15:00:00.000Z', end: '2030-01-08T16:30:00.000Z' };

describe('job requests projection', () => {
  const spec = projection(jobRequestsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: MANAGER })));
  const job = (e: JobEvent) => log.event(`job-${e.data.jobId}`, e, { actorUserId: actorOf(e) });
  const series = (e: JobSeriesEvent) => log.event(`jobSeries-${e.data.seriesId}`, e, { actorUserId: actorOf(e) });
  // A request is made (and cancelled) by its requester; answers and deletions by a manager.
  const actorOf = (e: JobEvent | JobSeriesEvent) =>
    e.type === 'JobRequested' || e.type === 'JobRequestCancelled' ? e.data.userId : MANAGER;
  const requested = (requestId: string, userId: string) =>
    job({
      type: 'JobRequested',
      data: { jobId: JOB, organizationId: ORG, requestId, userId, name: 'Lawn care', ...when },
    });
  const pending = (requestId: string, userId: string, at: number, rev: number) => ({
    _id: requestId,
    organizationId: ORG,
    jobId: JOB,
    seriesId: null,
    userId,
    name: 'Lawn care',
    ...when,
    status: 'pending',
    requestedAt: log.at(at),
    answeredAt: null,
    answeredBy: null,
    _rev: rev,
  });

  it('keeps a request as pending, with the job as it was when requested', async () => {
    await spec.given(requested('r1', ANA)).then(JOB_REQUESTS, [pending('r1', ANA, 1, 0)]);
  });

  it('answers the approved request, and the others of the job as not chosen', async () => {
    await spec
      .given(
        requested('r1', ANA),
        requested('r2', BOB),
        job({
          type: 'JobRequestApproved',
          data: {
            jobId: JOB,
            organizationId: ORG,
            requestId: 'r2',
            userId: BOB,
            notChosen: [{ requestId: 'r1', userId: ANA }],
            changes: { userIds: { from: [], to: [BOB] } },
          },
        }),
      )
      .then(JOB_REQUESTS, [
        { ...pending('r1', ANA, 1, 2), status: 'notChosen', answeredAt: log.at(3), answeredBy: MANAGER },
        { ...pending('r2', BOB, 2, 2), status: 'approved', answeredAt: log.at(3), answeredBy: MANAGER },
      ]);
  });

  it('answers a denied request', async () => {
    await spec
      .given(
        requested('r1', ANA),
        job({ type: 'JobRequestDenied', data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: ANA } }),
      )
      .then(JOB_REQUESTS, [
        { ...pending('r1', ANA, 1, 1), status: 'denied', answeredAt: log.at(2), answeredBy: MANAGER },
      ]);
  });

  const cancelled = (requestId: string, userId: string) =>
    job({ type: 'JobRequestCancelled', data: { jobId: JOB, organizationId: ORG, requestId, userId } });

  it('closes a request its requester cancelled, as closed by them', async () => {
    await spec
      .given(requested('r1', ANA), requested('r2', BOB), cancelled('r1', ANA))
      .then(JOB_REQUESTS, [
        { ...pending('r1', ANA, 1, 2), status: 'cancelled', answeredAt: log.at(3), answeredBy: ANA },
        pending('r2', BOB, 2, 1),
      ]);
  });

  it('tells the managers of a cancelled request', async () => {
    const { notices } = await spec.given(requested('r1', ANA), cancelled('r1', ANA)).effects();
    expect(notices).toEqual([
      { rooms: [`managers:${ORG}`], event: 'jobRequests.changed', payload: { organizationId: ORG, jobId: JOB } },
      { rooms: [`managers:${ORG}`], event: 'jobRequests.changed', payload: { organizationId: ORG, jobId: JOB } },
    ]);
  });

  it('cancels the pending requests of a deleted job, and leaves the answered ones as they were', async () => {
    await spec
      .given(
        requested('r1', ANA),
        job({ type: 'JobRequestDenied', data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: ANA } }),
        requested('r2', BOB),
        job({ type: 'JobDeleted', data: { jobId: JOB, organizationId: ORG } }),
      )
      .then(JOB_REQUESTS, [
        { ...pending('r1', ANA, 1, 1), status: 'denied', answeredAt: log.at(2), answeredBy: MANAGER },
        { ...pending('r2', BOB, 3, 3), status: 'cancelled', answeredAt: log.at(4), answeredBy: MANAGER },
      ]);
  });

  describe('occurrences of a recurring job', () => {
    const occurrence = (day: string) => ({ occurrenceId: `${SERIES}_${day}`, originalStart: when.start });
    const requestedOccurrence = (requestId: string, day: string) =>
      series({
        type: 'JobRequested',
        data: {
          seriesId: SERIES,
          organizationId: ORG,
          ...occurrence(day),
          requestId,
          userId: ANA,
          name: 'Office',
          ...when,
        },
      });

    it('keeps a request by its occurrence and series; a deleted occurrence cancels its own requests only', async () => {
      await spec
        .given(
          requestedOccurrence('r1', '20300108'),
          requestedOccurrence('r2', '20300109'),
          series({
            type: 'OccurrenceDeleted',
            data: { seriesId: SERIES, organizationId: ORG, ...occurrence('20300108') },
          }),
        )
        .then(JOB_REQUESTS, [
          expect.objectContaining({ _id: 'r1', jobId: `${SERIES}_20300108`, seriesId: SERIES, status: 'cancelled' }),
          expect.objectContaining({ _id: 'r2', jobId: `${SERIES}_20300109`, seriesId: SERIES, status: 'pending' }),
        ]);
    });

    it("cancels every pending request of a deleted series' occurrences", async () => {
      await spec
        .given(
          requestedOccurrence('r1', '20300108'),
          requestedOccurrence('r2', '20300109'),
          series({ type: 'JobSeriesDeleted', data: { seriesId: SERIES, organizationId: ORG } }),
        )
        .then(JOB_REQUESTS, [
          expect.objectContaining({ _id: 'r1', status: 'cancelled', answeredAt: log.at(3) }),
          expect.objectContaining({ _id: 'r2', status: 'cancelled', answeredAt: log.at(3) }),
        ]);
    });
  });

  it('tells the managers of a request and the requester of its answer', async () => {
    const { notices } = await spec
      .given(
        requested('r1', ANA),
        job({ type: 'JobRequestDenied', data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: ANA } }),
      )
      .effects();
    expect(notices.filter((n) => (n as { event: string }).event.startsWith('jobRequest'))).toEqual([
      { rooms: [`managers:${ORG}`], event: 'jobRequests.changed', payload: { organizationId: ORG, jobId: JOB } },
      {
        rooms: [`user:${ANA}`],
        event: 'jobRequest.answered',
        payload: { requestId: 'r1', jobId: JOB, jobName: 'Lawn care', status: 'denied' },
      },
      { rooms: [`managers:${ORG}`], event: 'jobRequests.changed', payload: { organizationId: ORG, jobId: JOB } },
    ]);
  });
});
