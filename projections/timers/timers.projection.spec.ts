import { eventLog, projection } from '../../src/core/projection.testing';
import type { UserEvent } from '../../src/identity/identity.events';
import type { JobEvent, JobFields } from '../../src/scheduling/scheduling.events';
import type { TimerEvent } from '../../src/timers/timers.events';
import { JOB_TIMES, TIMERS } from '../../src/timers/timers.read-models';
import { usersProjection } from '../identity/users.projection';
import { schedulingProjection } from '../scheduling/scheduling.projection';
import { timersProjection } from './timers.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const MANAGER = 'user-manager';
const TIMER = 'timer-a';
// Job ids are UUIDs: a timer's job is looked up by its calendar id.
const JOB = '6f1c0b7e-0000-4000-8000-00000000000a';
const OTHER_JOB = '6f1c0b7e-0000-4000-8000-00000000000b';

describe('timers projection', () => {
  const spec = projection(timersProjection, { readsFrom: [usersProjection, schedulingProjection] });
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ANA })));
  const timer = (e: TimerEvent, actorUserId?: string) => log.event(`timer-${e.data.timerId}`, e, { actorUserId });
  const ana = () =>
    log.event(`user-${ANA}`, {
      type: 'UserRegistered',
      data: {
        userId: ANA,
        organizationId: ORG,
        passwordHash: 'hash',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@maple.test',
        employeeId: null,
        phoneNumber: null,
        colorCode: '#112233',
        role: 'Associate',
      },
    } satisfies UserEvent);
  const jobScheduled = (jobId: string, customerId: string | null) =>
    log.event(`job-${jobId}`, {
      type: 'JobScheduled',
      data: {
        jobId,
        organizationId: ORG,
        name: `Job ${jobId}`,
        notes: null,
        number: null,
        type: null,
        userIds: [ANA],
        leadUserId: null,
        customerId,
        colorOption: null,
        hideFromScheduleView: false,
        availabilityOnly: false,
        start: '2030-01-08T15:00:00.000Z',
        end: '2030-01-08T17:00:00.000Z',
      } satisfies JobFields & { jobId: string; organizationId: string },
    } satisfies JobEvent);
  const started = (overrides: Partial<Extract<TimerEvent, { type: 'TimerStarted' }>['data']> = {}) =>
    timer({
      type: 'TimerStarted',
      data: {
        timerId: TIMER,
        organizationId: ORG,
        userId: ANA,
        type: 'Job',
        // As the device gave it, with its offset: the document keeps it, and its UTC instant to compare ranges by.
        start: '2030-01-08T09:00:00-06:00',
        mileageStart: null,
        jobId: JOB,
        jobName: 'Lawn care',
        customerId: 'customer-a',
        customerName: 'Maple Lawns',
        label: null,
        ...overrides,
      },
    });
  const stopped = (end = '2030-01-08T16:30:00.000Z', timerId = TIMER) =>
    timer({ type: 'TimerStopped', data: { timerId, organizationId: ORG, userId: ANA, end, mileageEnd: null } });
  const entry = (overrides: Record<string, unknown> = {}) => ({
    id: TIMER,
    userId: ANA,
    type: 'Job',
    startDateTime: '2030-01-08T09:00:00-06:00',
    endDateTime: null,
    mileageStart: null,
    mileageEnd: null,
    ...overrides,
  });

  it("keeps a started timer with its owner's name, running, and lists it on its job", async () => {
    await spec.given(ana(), started()).then({
      [TIMERS]: [
        {
          _id: TIMER,
          organizationId: ORG,
          userId: ANA,
          userFullName: 'Ana Lima',
          type: 'Job',
          mileageStart: null,
          jobId: JOB,
          jobName: 'Lawn care',
          customerId: 'customer-a',
          customerName: 'Maple Lawns',
          label: null,
          startDateTime: '2030-01-08T09:00:00-06:00',
          startsAt: '2030-01-08T15:00:00.000Z',
          endDateTime: null,
          mileageEnd: null,
          createdAt: log.at(2),
          sequence: 2,
          _rev: 0,
        },
      ],
      [JOB_TIMES]: [{ _id: JOB, organizationId: ORG, timers: [entry()] }],
    });
  });

  it('names the owner of a timer no user document names a former employee', async () => {
    await spec.given(started()).then(TIMERS, [expect.objectContaining({ userFullName: 'Former employee' })]);
  });

  it('finds the customer of a timer recorded before its events carried one from its job', async () => {
    await spec
      .given(jobScheduled(JOB, 'customer-from-job'), started({ customerId: undefined }))
      .then(TIMERS, [expect.objectContaining({ customerId: 'customer-from-job' })]);
  });

  it('ends a stopped timer, on its job too', async () => {
    await spec.given(ana(), started(), stopped()).then({
      [TIMERS]: [expect.objectContaining({ endDateTime: '2030-01-08T16:30:00.000Z', mileageEnd: null, _rev: 1 })],
      [JOB_TIMES]: [{ _id: JOB, organizationId: ORG, timers: [entry({ endDateTime: '2030-01-08T16:30:00.000Z' })] }],
    });
  });

  it("applies a change by the names the API shows, moving the timer to its new job and that job's customer", async () => {
    await spec
      .given(
        jobScheduled(OTHER_JOB, 'customer-b'),
        ana(),
        started(),
        stopped(),
        timer(
          {
            type: 'TimerChanged',
            data: {
              timerId: TIMER,
              organizationId: ORG,
              userId: ANA,
              changes: {
                start: { from: '2030-01-08T09:00:00-06:00', to: '2030-01-08T14:45:00.000Z' },
                jobId: { from: JOB, to: OTHER_JOB },
                jobName: { from: 'Lawn care', to: `Job ${OTHER_JOB}` },
              },
            },
          },
          MANAGER,
        ),
      )
      .then({
        [TIMERS]: [
          expect.objectContaining({
            startDateTime: '2030-01-08T14:45:00.000Z',
            startsAt: '2030-01-08T14:45:00.000Z',
            jobId: OTHER_JOB,
            jobName: `Job ${OTHER_JOB}`,
            customerId: 'customer-b',
            _rev: 2,
          }),
        ],
        [JOB_TIMES]: [
          {
            _id: OTHER_JOB,
            organizationId: ORG,
            timers: [entry({ startDateTime: '2030-01-08T14:45:00.000Z', endDateTime: '2030-01-08T16:30:00.000Z' })],
          },
        ],
      });
  });

  it('keeps a time a manager added for someone, whole', async () => {
    await spec
      .given(
        ana(),
        timer(
          {
            type: 'TimeAdded',
            data: {
              timerId: 'timer-added',
              organizationId: ORG,
              userId: ANA,
              addedBy: MANAGER,
              type: 'Mileage',
              start: '2030-01-07T08:00:00.000Z',
              end: '2030-01-07T09:00:00.000Z',
              mileageStart: 1200,
              mileageEnd: 1242,
              jobId: null,
              jobName: null,
              customerId: null,
              customerName: null,
              label: 'Supply run',
            },
          },
          MANAGER,
        ),
      )
      .then({
        [TIMERS]: [
          {
            _id: 'timer-added',
            organizationId: ORG,
            userId: ANA,
            userFullName: 'Ana Lima',
            type: 'Mileage',
            mileageStart: 1200,
            mileageEnd: 1242,
            jobId: null,
            jobName: null,
            customerId: null,
            customerName: null,
            label: 'Supply run',
            startDateTime: '2030-01-07T08:00:00.000Z',
            startsAt: '2030-01-07T08:00:00.000Z',
            endDateTime: '2030-01-07T09:00:00.000Z',
            createdAt: log.at(2),
            sequence: 2,
            _rev: 0,
          },
        ],
        [JOB_TIMES]: [],
      });
  });

  it("removes a deleted timer, and only it from its job's list", async () => {
    await spec
      .given(
        ana(),
        started(),
        stopped(),
        started({ timerId: 'timer-b', start: '2030-01-08T17:00:00.000Z' }),
        timer({ type: 'TimerDeleted', data: { timerId: TIMER, organizationId: ORG, userId: ANA } }),
      )
      .then({
        [TIMERS]: [expect.objectContaining({ _id: 'timer-b' })],
        [JOB_TIMES]: [
          {
            _id: JOB,
            organizationId: ORG,
            timers: [entry({ id: 'timer-b', startDateTime: '2030-01-08T17:00:00.000Z' })],
          },
        ],
      });
  });

  it('leaves nothing of a deleted timer that was alone on its job', async () => {
    await spec
      .given(started(), timer({ type: 'TimerDeleted', data: { timerId: TIMER, organizationId: ORG, userId: ANA } }))
      .thenNothing();
  });

  it("pushes timers.changed to the owner's devices, the time admins and the managers", async () => {
    const { notices } = await spec.given(started(), stopped()).effects();
    const notice = {
      rooms: [`user:${ANA}`, `timeAdmins:${ORG}`, `managers:${ORG}`],
      event: 'timers.changed',
      payload: { userId: ANA, timerId: TIMER },
    };
    expect(notices).toEqual([notice, notice]);
  });
});
