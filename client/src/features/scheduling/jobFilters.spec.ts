import { describe, expect, it } from 'vitest';
import { chipKey, filterJobs, withChip, withoutChip, type FilterChip } from './jobFilters';
import { sampleJob } from './jobs.fixture';

const alexAtDental = sampleJob({ id: 'a', leadUserId: 'alex', userIds: ['alex'], customerId: 'dental' });
const samAtHarbor = sampleJob({ id: 'b', leadUserId: null, userIds: ['sam'], customerId: 'harbor' });
const alexLeadsInternal = sampleJob({ id: 'c', leadUserId: 'alex', userIds: ['jordan'], customerId: null });
const open = sampleJob({ id: 'd', leadUserId: null, userIds: [], customerId: 'dental' });
const jobs = [alexAtDental, samAtHarbor, alexLeadsInternal, open];

const employee = (id: string): FilterChip => ({ kind: 'employee', id, label: id });
const customer = (id: string): FilterChip => ({ kind: 'customer', id, label: id });
const ids = (list: { id: string }[]) => list.map((j) => j.id);

describe('filter chips', () => {
  it('shows every job without chips', () => {
    expect(filterJobs(jobs, [])).toBe(jobs);
  });

  it("keeps an employee's jobs, as lead or assignee, and widens with each employee", () => {
    expect(ids(filterJobs(jobs, [employee('alex')]))).toEqual(['a', 'c']);
    expect(ids(filterJobs(jobs, [employee('alex'), employee('sam')]))).toEqual(['a', 'b', 'c']);
    expect(ids(filterJobs(jobs, [employee('jordan')]))).toEqual(['c']);
  });

  it("keeps a customer's jobs, and narrows employees by customer", () => {
    expect(ids(filterJobs(jobs, [customer('dental')]))).toEqual(['a', 'd']);
    expect(ids(filterJobs(jobs, [customer('dental'), customer('harbor')]))).toEqual(['a', 'b', 'd']);
    expect(ids(filterJobs(jobs, [employee('alex'), customer('dental')]))).toEqual(['a']);
  });

  it('adds a chip once and removes it by key', () => {
    const chips = withChip(withChip([], employee('alex')), employee('alex'));
    expect(chips).toHaveLength(1);
    const both = withChip(chips, customer('alex')); // same id, other kind: another chip
    expect(both.map(chipKey)).toEqual(['employee:alex', 'customer:alex']);
    expect(withoutChip(both, 'employee:alex').map(chipKey)).toEqual(['customer:alex']);
  });
});
