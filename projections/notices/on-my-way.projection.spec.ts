import { eventLog, projection } from '../../src/core/projection.testing';
import type { OnMyWayEvent } from '../../src/notices/notices.events';
import { ON_MY_WAY_SENT, onMyWaySentOn } from '../../src/notices/notices.read-models';
import { onMyWayProjection } from './on-my-way.projection';

const ORG = 'org-1';

describe('On my way projection', () => {
  const spec = projection(onMyWayProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: 'alex' })));
  const told = (jobId: string, date: string, etaMinutes = 30) =>
    log.event(`onMyWay-${jobId}-${date.replaceAll('-', '')}`, {
      type: 'OnMyWaySent',
      data: {
        jobId,
        organizationId: ORG,
        userId: 'alex',
        customerId: 'c1',
        etaMinutes,
        arriveBy: '2030-01-08T15:30:00Z',
        date,
      },
    } satisfies OnMyWayEvent);

  it('keeps what each job was told each day, when and by whom', async () => {
    await spec
      .given(told('job-a', '2030-01-08'), told('job-a', '2030-01-09', 15), told('job-b', '2030-01-08'))
      .then(ON_MY_WAY_SENT, [
        {
          _id: 'onMyWay-job-a-20300108',
          organizationId: ORG,
          jobId: 'job-a',
          date: '2030-01-08',
          userId: 'alex',
          etaMinutes: 30,
          sentAt: log.at(1),
        },
        expect.objectContaining({ _id: 'onMyWay-job-a-20300109', etaMinutes: 15, sentAt: log.at(2) }),
        expect.objectContaining({ _id: 'onMyWay-job-b-20300108', jobId: 'job-b' }),
      ]);
  });

  it("answers a job's day, not another day's nor another organization's", async () => {
    await spec
      .given(told('job-a', '2030-01-08'))
      .thenReads(async (store) => (await onMyWaySentOn(store, ORG, 'job-a', '2030-01-08'))?.userId, 'alex');
    await spec
      .given(told('job-a', '2030-01-08'))
      .thenReads((store) => onMyWaySentOn(store, ORG, 'job-a', '2030-01-09'), null);
    await spec
      .given(told('job-a', '2030-01-08'))
      .thenReads((store) => onMyWaySentOn(store, 'org-2', 'job-a', '2030-01-08'), null);
  });
});
