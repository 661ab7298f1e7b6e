import { describe, expect, it } from 'vitest';
import { sampleJob } from './jobs.fixture';
import { jobSummary } from './jobSummary';

const NY = 'America/New_York';

describe("a job's hover card", () => {
  it('says its name, time, customer and crew, lead first', () => {
    const job = sampleJob({
      userIds: ['u1', 'u2'],
      users: [
        { id: 'u1', fullName: 'Alex Kim', colorCode: '#1C7ED6' },
        { id: 'u2', fullName: 'Jordan Patel', colorCode: '#AE3EC9' },
      ],
    });
    expect(jobSummary(job, NY)).toEqual({
      name: 'Office cleaning',
      time: 'Mon 1 Jun 2026, 8:00 AM – 10:00 AM',
      where: 'Maple Street Dental',
      address: '120 Maple Street, Springfield, NJ 07081',
      crew: ['Alex Kim (lead)', 'Jordan Patel'],
      marks: [],
    });
  });

  it('names an open job Available for Requests, with nobody on it', () => {
    const open = sampleJob({
      customer: null,
      customerId: null,
      userIds: [],
      users: [],
      leadUserId: null,
      leadUser: null,
      isOpen: true,
      selfBooked: true,
    });
    const summary = jobSummary(open, NY);
    expect(summary.where).toBe('Available for Requests');
    expect(summary.crew).toEqual([]);
    expect(summary.marks).toEqual(['Open', 'Booked online']);
  });

  it('calls a job assigned without a customer Internal', () => {
    expect(jobSummary(sampleJob({ customer: null, customerId: null }), NY).where).toBe('Internal');
  });
});
