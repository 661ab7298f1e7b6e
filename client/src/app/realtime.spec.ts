import { describe, expect, it } from 'vitest';
import { staleUrlsFor } from './realtime';

const me = { userId: 'u1' };

describe('staleUrlsFor', () => {
  it('refetches organization settings and the session (top bar) on organization.changed', () => {
    expect(staleUrlsFor('organization.changed', { organizationId: 'o1' }, me)).toEqual([
      '/api/organization',
      '/api/session',
      '/api/pay-periods',
      '/api/timesheets',
    ]);
  });

  it('refetches user lists and the session (own role may change) on users.changed', () => {
    expect(staleUrlsFor('users.changed', { organizationId: 'o1' }, me)).toEqual(['/api/users', '/api/session']);
  });

  it('refetches own profile and session only for own profile changes', () => {
    expect(staleUrlsFor('profile.changed', { userId: 'u1' }, me)).toEqual([
      '/api/profile',
      '/api/session',
      '/api/users',
    ]);
    expect(staleUrlsFor('profile.changed', { userId: 'u2' }, me)).toEqual(['/api/users']);
  });

  it('refetches cached availability (a week, who is available when) on availability.changed', () => {
    expect(staleUrlsFor('availability.changed', { organizationId: 'o1', userId: 'u2' }, me)).toEqual([
      '/api/employee-availability',
    ]);
  });

  it('refetches the calendars, upcoming jobs and job history on schedule.changed', () => {
    expect(staleUrlsFor('schedule.changed', { organizationId: 'o1', jobIds: ['j1'] }, me)).toEqual(['/api/jobs']);
  });

  it("refetches the Job Requests table on jobRequests.changed, and the requester's calendars on jobRequest.answered", () => {
    expect(staleUrlsFor('jobRequests.changed', { organizationId: 'o1', jobId: 'j1' }, me)).toEqual([
      '/api/jobs/requests',
    ]);
    expect(
      staleUrlsFor('jobRequest.answered', { requestId: 'r1', jobId: 'j1', jobName: 'Lawn', status: 'approved' }, me),
    ).toEqual(['/api/jobs']);
  });

  it('refetches the customers, their documents and the calendars (which name them) on customers.changed', () => {
    expect(staleUrlsFor('customers.changed', { organizationId: 'o1', customerId: 'c1' }, me)).toEqual([
      '/api/customers',
      '/api/attachments',
      '/api/jobs',
    ]);
  });

  it("refetches the ratings tables and the customers' averages on ratings.changed", () => {
    expect(staleUrlsFor('ratings.changed', { organizationId: 'o1', ratingId: 'r1', customerId: 'c1' }, me)).toEqual([
      '/api/ratings',
      '/api/customers',
    ]);
  });

  it('refetches the running timer, the tracked times, the calendars and the timesheets on timers.changed', () => {
    expect(staleUrlsFor('timers.changed', { userId: me.userId, timerId: 't1' }, me)).toEqual([
      '/api/time',
      '/api/jobs',
      '/api/pay-periods',
      '/api/timesheets',
      '/api/payroll-exports',
    ]);
  });

  it("refetches the organization's timers and who is on the clock, not one's own timer, on a colleague's timers.changed", () => {
    expect(staleUrlsFor('timers.changed', { userId: 'someone-else', timerId: 't1' }, me)).toEqual([
      '/api/time/paged',
      '/api/time/running',
      '/api/jobs',
      '/api/pay-periods',
      '/api/timesheets',
      '/api/payroll-exports',
    ]);
  });

  it("refetches the timesheets and the tracked times' locks on timesheets.changed", () => {
    const sheet = { organizationId: 'o1', periodStart: '2026-11-22' };
    expect(staleUrlsFor('timesheets.changed', { ...sheet, userId: me.userId }, me)).toEqual([
      '/api/pay-periods',
      '/api/timesheets',
      '/api/payroll-exports',
      '/api/time',
    ]);
    expect(staleUrlsFor('timesheets.changed', { ...sheet, userId: 'someone-else' }, me)).toEqual([
      '/api/pay-periods',
      '/api/timesheets',
      '/api/payroll-exports',
      '/api/time/paged',
    ]);
  });
  it("refetches Home's times to review on their notice", () => {
    expect(staleUrlsFor('timeReviews.changed', { organizationId: 'o1', reviewId: 'r1' }, me)).toEqual([
      '/api/time/reviews',
    ]);
  });
  it('refetches the booking links on their notice', () => {
    expect(staleUrlsFor('bookingLinks.changed', { organizationId: 'o1', linkId: 'l1' }, me)).toEqual([
      '/api/booking-links',
    ]);
  });
});
