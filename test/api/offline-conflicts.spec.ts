import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { EVENT_STORE, type EventStore } from '../../src/core/event-store/event-store.port';
import { NOT_OPEN } from '../../src/scheduling/job-request.rules';
import { COMMAND_ID_HEADER, DEVICE_TIME_HEADER } from '../../src/shared/offline';
import { ONE_RUNNING } from '../../src/timers/running-timer.decider';
import { NOT_YOUR_JOB } from '../../src/timers/timer.handlers';
import { ALREADY_ANSWERED } from '../../src/timers/time-review.decider';
import { CHANGED_SINCE } from '../../src/timers/time-review.handlers';
import { MAX_PENDING_REVIEWS, timeInWords, TOO_MANY_REVIEWS } from '../../src/timers/offline.rules';
import type { TimeReviewsView } from '../../src/shared/timers';
import { ApiClient, expectError, startTestApp, TEST_PASSWORD, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the test organizations'
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Conflicts of what a phone sends later (issue #29 items 5 and 6), over HTTP with the outbox's headers: each rule
 * answers in words, and a clock that is off sends the time to a manager's review, which managers decide.
 */
describe('offline conflicts', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Offline'), await app.organization('Other')];
  }, within(60_000));
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    // Leave nobody with a running timer, nor a review pending.
    for (const client of [org.associate, org.manager, org.admin]) {
      const current = await client.get('/api/time/current');
      if (!current.body?.id) continue;
      // A start a phone sent a little ahead ends after it.
      const end = Math.max(Date.now(), Date.parse(current.body.startDateTime) + 1000);
      await client.patch(`/api/time/${current.body.id}`, { endDateTime: new Date(end).toISOString() });
    }
    for (let left = await reviews(); left.length; left = await reviews())
      for (const review of left) await org.manager.post(`/api/time/reviews/${review.id}/decline`);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
  /** A command from the phone's outbox: its own id, and when the person acted on the phone. */
  const sentLater = (client: ApiClient, method: string, path: string, body: unknown, deviceTime: string) =>
    client.request(method, path, body, { [COMMAND_ID_HEADER]: randomUUID(), [DEVICE_TIME_HEADER]: deviceTime });
  /** An instant as the answers say it (the organization's zone; its day when not today). */
  const t = (instant: string) => timeInWords(instant, ZONE, new Date().toISOString());
  const current = async (client: ApiClient) => (await client.get('/api/time/current')).body;
  /** The reviews listed, person after person. */
  const reviews = async () =>
    ((await org.manager.get('/api/time/reviews')).body as TimeReviewsView).people.flatMap((p) => p.reviews) as Record<
      string,
      any
    >[];
  /** A second device of the associate, signed in on its own. */
  const phoneOf = (client: ApiClient & { email: string }) => new ApiClient(app.url).signIn(client.email, TEST_PASSWORD);

  describe('a device clock that is off: the time goes to a manager', () => {
    it('sends a start more than the limit back to review, says so with the limit, and starts nothing', async () => {
      const device = ago(14 * HOUR);
      const managers = await openSocket(app.url, org.manager.cookie, sockets);
      const pushed = nextPush(managers, 'timeReviews.changed');
      const response = await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, device);
      expect(response.status).toBe(202);
      expect(response.body).toEqual({
        success: true,
        data: { reviewId: expect.any(String) },
        message:
          "This start was 14 hours before it reached us, more than your organization's limit of 12 hours, so it was sent to a manager for review.",
      });
      expect(await pushed).toEqual({ organizationId: org.organizationId, reviewId: response.body.data.reviewId });
      expect(await current(org.associate)).toBe('');
      expect(await reviews()).toEqual([
        {
          id: response.body.data.reviewId,
          userId: org.associate.userId,
          userFullName: 'Abe Associate',
          act: 'start',
          what: 'Started a timer',
          timer: {
            type: 'Unassigned',
            jobName: null,
            customerName: null,
            label: null,
            startDateTime: device,
            endDateTime: null,
          },
          deviceTime: device,
          receivedAt: expect.any(String),
          reason:
            'The start was 14 hours before it reached us, more than the limit of 12 hours: the phone was offline that long, or its clock is behind.',
        },
      ]);
    });

    it('sends a start in the future to review, and takes one up to 5 minutes ahead (the tolerance) as now', async () => {
      const future = await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, ahead(2 * HOUR));
      expect(future.status).toBe(202);
      expect(future.body.message).toBe(
        "Your phone's clock was 2 hours ahead, so this start was sent to a manager for review.",
      );
      expect((await reviews()).map((r) => r.reason)).toEqual([
        "The phone's clock was 2 hours ahead: its start was later than when it reached us.",
      ]);
      const slightly = await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, ahead(3 * MINUTE));
      expect(slightly.status).toBe(201);
      // Taken as now: a timer never starts in the future.
      const running = await current(org.associate);
      expect(running.id).toBe(slightly.body.data.id);
      expect(Date.parse(running.startDateTime)).toBeLessThanOrEqual(Date.now());
    });

    it("starts a timer sent later within the limit at the phone's time, and follows the organization's limit", async () => {
      const device = ago(30 * MINUTE);
      const started = await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, device);
      expect(started.status).toBe(201);
      expect(await current(org.associate)).toMatchObject({ id: started.body.data.id, startDateTime: device });
      await org.associate.patch(`/api/time/${started.body.data.id}`, { endDateTime: new Date().toISOString() });

      // With a limit of 24 hours, 14 hours back is a timer; the start the phone gives (startDateTime) is what counts.
      expect((await org.admin.patch('/api/organization/settings', { offlineClockLimitHours: 24 })).status).toBe(200);
      try {
        const start = ago(14 * HOUR);
        const within24 = await sentLater(
          org.associate,
          'POST',
          '/api/time',
          { type: 'Unassigned', startDateTime: start },
          ago(MINUTE),
        );
        expect(within24.status).toBe(201);
        expect((await current(org.associate)).startDateTime).toBe(start);
      } finally {
        await org.admin.patch('/api/organization/settings', { offlineClockLimitHours: 12 });
      }
    });

    it("approves a start: it becomes a timer started at the phone's start, once no other timer runs", async () => {
      const device = ago(14 * HOUR);
      const { reviewId } = (
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned', label: 'Night shift' }, device)
      ).body.data;
      // Another timer runs: one at a time, so the approval is refused in words and the review waits.
      const online = await org.associate.post('/api/time', { type: 'Unassigned' });
      const since = (await current(org.associate)).startDateTime;
      expectError(
        await org.manager.post(`/api/time/reviews/${reviewId}/approve`),
        409,
        `Abe Associate has a timer running since ${t(since)}, and one timer runs at a time, so this start cannot be approved. Decline it, or approve it once that timer has stopped.`,
      );
      expect((await reviews()).map((r) => r.id)).toEqual([reviewId]);
      await org.associate.patch(`/api/time/${online.body.data.id}`, { endDateTime: new Date().toISOString() });

      const approved = await org.manager.post(`/api/time/reviews/${reviewId}/approve`);
      expect(approved.status).toBe(201);
      expect(approved.body).toEqual({ success: true, message: 'The time was approved' });
      expect(await current(org.associate)).toMatchObject({ id: reviewId, startDateTime: device, label: 'Night shift' });
      expect(await reviews()).toEqual([]);
      expectError(await org.manager.post(`/api/time/reviews/${reviewId}/decline`), 409, ALREADY_ANSWERED.approved);
    });

    it('declines: nothing the phone sent is applied', async () => {
      const { reviewId } = (await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, ago(20 * HOUR)))
        .body.data;
      const declined = await org.manager.post(`/api/time/reviews/${reviewId}/decline`);
      expect(declined.body).toEqual({ success: true, message: 'The time was declined' });
      expect(await current(org.associate)).toBe('');
      expect(await reviews()).toEqual([]);
      expectError(await org.manager.post(`/api/time/reviews/${reviewId}/approve`), 409, ALREADY_ANSWERED.declined);
    });

    it('sends a stop whose end is in the future to review; approving stops the timer there, unless it changed since', async () => {
      const { id } = await kitFor(org.associate).timer({});
      const end = ahead(2 * HOUR);
      const stop = await sentLater(org.associate, 'PATCH', `/api/time/${id}`, { endDateTime: end }, end);
      expect(stop.status).toBe(202);
      expect(stop.body.message).toBe(
        "Your phone's clock was 2 hours ahead, so this stop was sent to a manager for review.",
      );
      expect((await current(org.associate)).id).toBe(id); // still running
      const [review] = await reviews();
      expect(review).toMatchObject({ act: 'stop', what: 'Stopped the timer', timer: { endDateTime: end } });
      await org.manager.post(`/api/time/reviews/${review.id}/approve`);
      expect(await current(org.associate)).toBe('');
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((x: { id: string }) => x.id === id).endDateTime).toBe(end);

      // An edit's end in the future likewise; the person edits the time meanwhile, so it cannot be applied as sent.
      const edit = await sentLater(
        org.associate,
        'PATCH',
        `/api/time/${id}`,
        { label: 'Late', endDateTime: ahead(3 * HOUR) },
        new Date().toISOString(),
      );
      expect(edit.status).toBe(202);
      await org.associate.patch(`/api/time/${id}`, { label: 'Changed on the laptop' });
      const [pending] = await reviews();
      expect(pending).toMatchObject({ act: 'edit', what: 'Changed the tracked time: Late' });
      expectError(await org.manager.post(`/api/time/reviews/${pending.id}/approve`), 409, CHANGED_SINCE);
    });

    it("is for managers (jobs.crud) of the review's organization", async () => {
      const { reviewId } = (await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, ago(13 * HOUR)))
        .body.data;
      expect((await org.associate.get('/api/time/reviews')).status).toBe(403);
      expect((await org.associate.post(`/api/time/reviews/${reviewId}/approve`)).status).toBe(403);
      expect((await other.manager.get('/api/time/reviews')).body).toEqual({ total: 0, people: [] });
      for (const answer of ['approve', 'decline']) {
        expectError(
          await other.manager.post(`/api/time/reviews/${reviewId}/${answer}`),
          404,
          'The time to review was not found.',
        );
        expectError(await org.manager.post(`/api/time/reviews/not-an-id/${answer}`), 404);
        expectError(await org.manager.post(`/api/time/reviews/${randomUUID()}/${answer}`), 404);
      }
      expect((await reviews()).map((r) => r.id)).toEqual([reviewId]);
    });
  });

  describe('time worked on a phone on a job deleted meanwhile (issue #44 item 5)', () => {
    const events = () => app.app.get<EventStore>(EVENT_STORE);
    /** A job on now for the associate, deleted by the manager; returns its id and when it was deleted. */
    async function deletedJob(name: string, of = org) {
      const { id } = await kitFor(of.manager).job({
        name,
        startDateTime: ago(HOUR),
        endDateTime: ahead(HOUR),
        leadUserId: of.associate.userId,
        userIds: [of.associate.userId],
      });
      expect((await of.manager.delete(`/api/jobs/${id}`)).status).toBe(200);
      const stream = await events().readStream(`job-${id}`);
      return { id, deletedAt: stream[stream.length - 1].metadata.timestamp };
    }

    it('keeps the start and the stop for a manager, says who deleted the job and when; approved, an Unassigned time labelled with the job', async () => {
      const phoneStart = ago(40 * MINUTE);
      const { id: jobId, deletedAt } = await deletedJob('Gutter cleaning');
      const deleted = `Mona Customer deleted the job Gutter cleaning at ${t(deletedAt)} while`;
      const start = await sentLater(
        org.associate,
        'POST',
        '/api/time',
        { type: 'Job', jobId, startDateTime: phoneStart },
        phoneStart,
      );
      expect(start.status).toBe(202);
      expect(start.body).toEqual({
        success: true,
        data: { reviewId: expect.any(String) },
        message: `${deleted} your phone was offline, so this time was sent to a manager for review.`,
      });
      const { reviewId } = start.body.data;
      expect(await current(org.associate)).toBe('');

      // The stop the phone queued behind it names the id the start's answer gave: it lands on the review.
      const phoneStop = ago(2 * MINUTE);
      const stop = await sentLater(
        org.associate,
        'PATCH',
        `/api/time/${reviewId}`,
        { endDateTime: phoneStop },
        phoneStop,
      );
      expect(stop.status).toBe(202);
      expect(stop.body).toEqual({
        success: true,
        data: { reviewId },
        message: `${deleted} your phone was offline. Your stop (${t(phoneStop)}) was added to the time sent to a manager for review.`,
      });
      expect(await reviews()).toEqual([
        expect.objectContaining({
          id: reviewId,
          act: 'start',
          what: 'Started and stopped a timer on Gutter cleaning',
          timer: expect.objectContaining({
            type: 'Job',
            jobName: 'Gutter cleaning',
            startDateTime: phoneStart,
            endDateTime: phoneStop,
          }),
          reason: `${deleted} the phone was offline. Approving keeps it as an Unassigned time labelled Gutter cleaning.`,
        }),
      ]);

      const approved = await org.manager.post(`/api/time/reviews/${reviewId}/approve`);
      expect(approved.body).toEqual({ success: true, message: 'The time was approved' });
      expect(await current(org.associate)).toBe('');
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((x: { id: string }) => x.id === reviewId)).toMatchObject({
        type: 'Unassigned',
        jobId: null,
        label: 'Gutter cleaning',
        startDateTime: phoneStart,
        endDateTime: phoneStop,
      });
      expect(await reviews()).toEqual([]);
    });

    it('declined, keeps nothing, and a stop after it is refused in words; an id that never was a job stays a 404', async () => {
      const { id: jobId } = await deletedJob('Window washing');
      const { reviewId } = (
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId }, ago(20 * MINUTE))
      ).body.data;
      expect((await org.manager.post(`/api/time/reviews/${reviewId}/decline`)).status).toBe(201);
      expectError(
        await sentLater(org.associate, 'PATCH', `/api/time/${reviewId}`, { endDateTime: ago(MINUTE) }, ago(MINUTE)),
        409,
        'A manager declined the start of this time after review, so this stop was not applied.',
      );
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.map((x: { id: string }) => x.id)).not.toContain(reviewId);

      // Online, a deleted job is not found, as before; so is a job that never was, or another organization's.
      expectError(await org.associate.post('/api/time', { type: 'Job', jobId }), 404, 'The job was not found.');
      expectError(
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId: randomUUID() }, ago(MINUTE)),
        404,
        'The job was not found.',
      );
      const { id: theirs } = await deletedJob('Their job', other);
      expectError(
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId: theirs }, ago(MINUTE)),
        404,
        'The job was not found.',
      );
      expect(await reviews()).toEqual([]);
    });

    it('keeps time on one occurrence of a recurring job deleted meanwhile, and on a whole series deleted', async () => {
      const first = DateTime.now().setZone(ZONE).minus({ days: 1, minutes: 30 });
      const { recurrenceId } = await kitFor(org.manager).job(
        {
          name: 'Lawn round',
          startDateTime: first.toUTC().toISO(),
          endDateTime: first.plus({ hours: 2 }).toUTC().toISO(),
          leadUserId: org.associate.userId,
          userIds: [org.associate.userId],
        },
        { recurringFrequency: 'Daily', expireDate: first.plus({ days: 5 }).toFormat('yyyy-MM-dd') },
      );
      const on = (days: number) => `${recurrenceId}_${first.plus({ days }).toFormat('yyyyMMdd')}`;
      expect((await org.manager.delete(`/api/jobs/${on(1)}`)).status).toBe(200);
      const today = await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId: on(1) }, ago(MINUTE));
      expect(today.status).toBe(202);
      expect(today.body.message).toMatch(
        /^Mona Customer deleted the job Lawn round at .+ while your phone was offline/,
      );
      expect((await org.manager.delete(`/api/recurrences/${recurrenceId}`)).status).toBe(200);
      await org.manager.post(`/api/time/reviews/${today.body.data.reviewId}/decline`);
      const yesterday = await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId: on(0) }, ago(MINUTE));
      expect(yesterday.status).toBe(202);
      // A date the rule never planned was never a job.
      expectError(
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId: on(-3) }, ago(MINUTE)),
        404,
        'The job was not found.',
      );
    });

    it('keeps an associate off a deleted job that was not theirs, as off a job that is', async () => {
      const { id } = await kitFor(org.manager).job({
        name: 'Not theirs',
        startDateTime: ago(HOUR),
        endDateTime: ahead(HOUR),
      });
      await org.manager.delete(`/api/jobs/${id}`);
      expectError(
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Job', jobId: id }, ago(MINUTE)),
        403,
        NOT_YOUR_JOB,
      );
    });

    it('lands the stop of a start sent for review (its clock off) on that review too', async () => {
      const phoneStart = ago(14 * HOUR);
      const { reviewId } = (
        await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned', label: 'Night shift' }, phoneStart)
      ).body.data;
      const phoneStop = ago(HOUR);
      const stop = await sentLater(
        org.associate,
        'PATCH',
        `/api/time/${reviewId}`,
        { endDateTime: phoneStop },
        phoneStop,
      );
      expect(stop.status).toBe(202);
      expect(stop.body.message).toBe(
        `This time's start is waiting for a manager's review. Your stop (${t(phoneStop)}) was added to it.`,
      );
      // A second stop, or an edit, of a time waiting for review is refused in words.
      expectError(
        await sentLater(org.associate, 'PATCH', `/api/time/${reviewId}`, { label: 'Changed' }, ago(MINUTE)),
        409,
        "This time is waiting for a manager's review, so this edit was not applied.",
      );
      await org.manager.post(`/api/time/reviews/${reviewId}/approve`);
      expect(await current(org.associate)).toBe(''); // approved with its stop, it never runs
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((x: { id: string }) => x.id === reviewId)).toMatchObject({
        label: 'Night shift',
        startDateTime: phoneStart,
        endDateTime: phoneStop,
      });
    });
  });

  describe("one person's reviews cannot push out another's (issue #44 item 3)", () => {
    it('refuses a person more than 20 pending reviews in words, and lists by person, the oldest first, with counts', async () => {
      for (let i = 0; i < MAX_PENDING_REVIEWS; i++) {
        const fake = await sentLater(
          org.associate,
          'POST',
          '/api/time',
          { type: 'Unassigned', label: `Fake ${i}` },
          ago(14 * HOUR),
        );
        expect(fake.status).toBe(202);
      }
      const refused = await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, ago(14 * HOUR));
      expectError(refused, 409, TOO_MANY_REVIEWS);
      expect(TOO_MANY_REVIEWS).toBe(
        "20 times you sent from a phone are waiting for a manager's review already, so this one was not applied. Ask a manager to answer those first.",
      );
      // Someone else's genuine one, sent after them all, is listed as well.
      const genuine = await sentLater(
        org.manager,
        'POST',
        '/api/time',
        { type: 'Unassigned', label: 'Genuine' },
        ago(13 * HOUR),
      );
      expect(genuine.status).toBe(202);
      const listed = (await org.manager.get('/api/time/reviews')).body as TimeReviewsView;
      expect(listed.total).toBe(21);
      expect(listed.people.map((p) => [p.userFullName, p.pending, p.reviews.map((r) => r.timer.label)])).toEqual([
        ['Abe Associate', 20, ['Fake 0', 'Fake 1', 'Fake 2', 'Fake 3', 'Fake 4']],
        ['Mona Customer', 1, ['Genuine']],
      ]);
      // One answered, the person may send one more.
      await org.manager.post(`/api/time/reviews/${listed.people[0].reviews[0].id}/decline`);
      expect((await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, ago(14 * HOUR))).status).toBe(
        202,
      );
    });
  });

  describe('a timer stopped or edited on a phone and changed meanwhile by someone else', () => {
    it("applies a stop of a running timer a manager changed after the phone's stop, keeps their change and says so", async () => {
      const { id } = await kitFor(org.associate).timer({ startDateTime: ago(HOUR) });
      const phoneStop = ago(2 * MINUTE);
      expect((await org.admin.patch(`/api/time/${id}`, { label: 'Front lawn' })).status).toBe(200);
      const stop = await sentLater(org.associate, 'PATCH', `/api/time/${id}`, { endDateTime: phoneStop }, phoneStop);
      expect(stop.status).toBe(200);
      expect(stop.body).toEqual({
        success: true,
        message: expect.stringMatching(
          /^Ada Admin changed this timer at .+ while your phone was offline\. Your stop \(.+\) was applied and their changes were kept\.$/,
        ),
      });
      expect(stop.body.message).toContain(`Your stop (${t(phoneStop)})`);
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((x: { id: string }) => x.id === id)).toMatchObject({
        endDateTime: phoneStop,
        label: 'Front lawn',
      });
    });

    it('refuses a stop of a timer someone else stopped already, naming who and when, and applies nothing', async () => {
      const { id } = await kitFor(org.associate).timer({ startDateTime: ago(HOUR) });
      const phoneStop = ago(MINUTE);
      const theirEnd = new Date().toISOString();
      await org.admin.patch(`/api/time/${id}`, { endDateTime: theirEnd });
      const stop = await sentLater(org.associate, 'PATCH', `/api/time/${id}`, { endDateTime: phoneStop }, phoneStop);
      expectError(
        stop,
        409,
        /^Ada Admin stopped this timer at .+, before your phone's stop \(.+\) arrived\. Your stop was not applied\.$/,
      );
      expect(stop.body.errors[0]).toContain(`before your phone's stop (${t(phoneStop)}) arrived`);
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((x: { id: string }) => x.id === id).endDateTime).toBe(theirEnd);
    });

    it("refuses an edit of one's own tracked time someone changed after the phone's edit, in words", async () => {
      const { id } = await kitFor(org.associate).timer({ endDateTime: () => new Date().toISOString() });
      const phoneEdit = ago(5 * MINUTE);
      await org.admin.patch(`/api/time/${id}`, { label: 'Set by the office' });
      const edit = await sentLater(
        org.associate,
        'PATCH',
        `/api/time/${id}`,
        { type: 'Unassigned', label: 'Mine' },
        phoneEdit,
      );
      expectError(
        edit,
        409,
        /^Ada Admin changed this time at .+, after your phone's edit \(.+\)\. Your edit was not applied\.$/,
      );
      expect(edit.body.errors[0]).toContain(`after your phone's edit (${t(phoneEdit)})`);
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((x: { id: string }) => x.id === id).label).toBe('Set by the office');
      // Nothing changed after the phone's edit: it applies, without a word.
      const later = await sentLater(
        org.associate,
        'PATCH',
        `/api/time/${id}`,
        { type: 'Unassigned', label: 'Mine' },
        new Date().toISOString(),
      );
      expect(later.body).toEqual({ success: true });
    });

    it('refuses a stop or edit of a timer deleted meanwhile, naming who deleted it', async () => {
      const { id } = await kitFor(org.associate).timer({ startDateTime: ago(HOUR) });
      await org.admin.delete(`/api/time/${id}`);
      expectError(
        await sentLater(org.associate, 'PATCH', `/api/time/${id}`, { endDateTime: ago(MINUTE) }, ago(MINUTE)),
        409,
        /^Ada Admin deleted this timer at .+\. Your stop was not applied\.$/,
      );
      // Another organization's timer stays not found.
      expectError(await sentLater(other.associate, 'PATCH', `/api/time/${id}`, { label: 'x' }, ago(MINUTE)), 404);
    });
  });

  describe('two devices of one person', () => {
    it('refuses a start sent later from the phone while a timer started on the laptop runs; both show that timer', async () => {
      const phone = await phoneOf(org.associate);
      const phoneSocket = await openSocket(app.url, phone.cookie, sockets);
      const heard = nextPush(phoneSocket, 'timers.changed');
      const laptop = await org.associate.post('/api/time', { type: 'Unassigned', label: 'On the laptop' });
      expect(await heard).toMatchObject({ userId: org.associate.userId, timerId: laptop.body.data.id });
      const phoneStart = ago(5 * MINUTE); // before the laptop's: the running one stays
      const laptopStart = (await current(org.associate)).startDateTime;
      expectError(
        await sentLater(phone, 'POST', '/api/time', { type: 'Unassigned', label: 'On the phone' }, phoneStart),
        409,
        `A timer started at ${t(laptopStart)} on another device is already running. This phone's start (${t(phoneStart)}) was not applied.`,
      );
      expect((await current(phone)).id).toBe(laptop.body.data.id);
      expect((await current(org.associate)).id).toBe(laptop.body.data.id);
      const running = (await org.associate.get('/api/time/user/paged')).body.resultItems.filter(
        (x: { endDateTime: string | null }) => x.endDateTime === null,
      );
      expect(running).toHaveLength(1);
    });

    it("keeps the phone's start when it reached us first: the laptop's is refused, and both show the phone's", async () => {
      const phone = await phoneOf(org.associate);
      const fromPhone = await sentLater(phone, 'POST', '/api/time', { type: 'Unassigned' }, ago(10 * MINUTE));
      expect(fromPhone.status).toBe(201);
      expectError(await org.associate.post('/api/time', { type: 'Unassigned' }), 409, ONE_RUNNING);
      expect((await current(org.associate)).id).toBe(fromPhone.body.data.id);
      expect((await current(phone)).id).toBe(fromPhone.body.data.id);
    });
  });

  describe('a job requested on a phone and given to someone else meanwhile', () => {
    it('refuses the request in words and appends nothing', async () => {
      expect((await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: true })).status).toBe(200);
      try {
        const start = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 9, minute: 0, second: 0 });
        const { id: jobId } = await kitFor(org.manager).job({
          name: 'Gutter cleaning',
          startDateTime: start.toUTC().toISO(),
          endDateTime: start.plus({ hours: 2 }).toUTC().toISO(),
        });
        const phoneRequest = ago(10 * MINUTE);
        // Meanwhile the manager gives the job to someone else.
        expect((await org.manager.post(`/api/jobs/${jobId}/assign/${org.manager.userId}`)).status).toBeLessThan(300);
        const events = app.app.get<EventStore>(EVENT_STORE);
        const before = (await events.readStream(`job-${jobId}`)).length;
        expectError(
          await sentLater(org.associate, 'POST', `/api/jobs/${jobId}/request`, {}, phoneRequest),
          409,
          NOT_OPEN,
        );
        expect(NOT_OPEN).toBe('This job was given to someone else, so it is no longer open for requests.');
        expect((await events.readStream(`job-${jobId}`)).length).toBe(before);
        const requests = (await org.manager.get('/api/jobs/requests')).body as { jobId: string }[];
        expect(requests.filter((r) => r.jobId === jobId)).toEqual([]);
      } finally {
        await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: false });
      }
    });
  });
});
