import { SqliteReadStore } from '../core/read-store/sqlite-read-store';
import { canSeeJob, HiddenJobs, isHiddenJobId, notHiddenFilter, NO_HIDDEN_JOBS } from './job-visibility';

const SERIES = '11111111-2222-4333-8444-555555555555';
const OTHER_SERIES = '99999999-2222-4333-8444-555555555555';
const JOB = 'aaaaaaaa-2222-4333-8444-555555555555';
const hidden: HiddenJobs = {
  ids: [JOB, `${OTHER_SERIES}_20261202`],
  seriesIds: [SERIES],
  except: [`${SERIES}_20261203`],
};

describe('job visibility (issue #24 item 4)', () => {
  it('shows a hidden job to Company Admins and its lead only', () => {
    const job = { hideFromScheduleView: true, leadUserId: 'lead' };
    expect(canSeeJob({ userId: 'x', role: 'Company Admin' })(job)).toBe(true);
    expect(canSeeJob({ userId: 'lead', role: 'Associate' })(job)).toBe(true);
    expect(canSeeJob({ userId: 'x', role: 'Customer Manager' })(job)).toBe(false);
    expect(canSeeJob({ userId: 'x', role: 'Associate' })({ ...job, hideFromScheduleView: false })).toBe(true);
  });

  it('names hidden one-time jobs, occurrences and whole recurring jobs by id, but for their exceptions', () => {
    expect(isHiddenJobId(hidden, JOB)).toBe(true);
    expect(isHiddenJobId(hidden, `${SERIES}_20261201`)).toBe(true);
    expect(isHiddenJobId(hidden, `${SERIES}_20261203`)).toBe(false);
    expect(isHiddenJobId(hidden, `${OTHER_SERIES}_20261202`)).toBe(true);
    expect(isHiddenJobId(hidden, `${OTHER_SERIES}_20261203`)).toBe(false);
    expect(isHiddenJobId(hidden, null)).toBe(false);
    expect(notHiddenFilter(NO_HIDDEN_JOBS)).toEqual({});
  });

  it('leaves the same documents out of a read-model query as isHiddenJobId does', async () => {
    const store = new SqliteReadStore(':memory:');
    try {
      const ids = [
        JOB,
        `${SERIES}_20261201`,
        `${SERIES}_20261203`,
        `${OTHER_SERIES}_20261202`,
        `${OTHER_SERIES}_20261203`,
      ];
      const rows = store.collection<{ _id: string; jobId: string | null }>('rows');
      for (const [i, jobId] of [...ids, null].entries()) await rows.insertOne({ _id: `t${i}`, jobId });
      const kept = (await rows.find(notHiddenFilter(hidden), { sort: { _id: 1 } })).map((r) => r.jobId);
      expect(kept).toEqual([null, ...ids].filter((id) => !isHiddenJobId(hidden, id)).sort(byPlace(ids)));
    } finally {
      await store.close();
    }
  });
});

/** Orders kept job ids as the rows were inserted (null, the last row, last). */
const byPlace = (ids: string[]) => (a: string | null, b: string | null) =>
  (a === null ? ids.length : ids.indexOf(a)) - (b === null ? ids.length : ids.indexOf(b));
