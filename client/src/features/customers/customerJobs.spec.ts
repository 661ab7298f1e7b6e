import { describe, expect, it } from 'vitest';
import { customerJobsDefaultDays, customerJobsUrl, customerJobWhen } from './customers';

describe("a customer's Jobs & Ratings", () => {
  // 10:30 PM in New York on Nov 26 is already Nov 27 in UTC: the days are the organization's.
  const lateEvening = new Date('2026-11-27T03:30:00Z');

  it('opens on 30 days back to 60 ahead of today in the organization’s zone', () => {
    expect(customerJobsDefaultDays('America/New_York', lateEvening)).toEqual({
      fromDate: '10/27/2026',
      toDate: '01/25/2027',
    });
    expect(customerJobsDefaultDays('UTC', lateEvening)).toEqual({ fromDate: '10/28/2026', toDate: '01/26/2027' });
  });

  it('counts a visit of today, even one already over, with the upcoming ones', () => {
    const zone = 'America/New_York';
    expect(customerJobWhen('2026-11-26T05:00:00Z', zone, lateEvening)).toBe('upcoming'); // 12:00 AM today
    expect(customerJobWhen('2026-11-26T14:00:00Z', zone, lateEvening)).toBe('upcoming');
    expect(customerJobWhen('2026-12-03T14:00:00Z', zone, lateEvening)).toBe('upcoming');
    expect(customerJobWhen('2026-11-26T04:59:00Z', zone, lateEvening)).toBe('past'); // 11:59 PM yesterday
  });

  it('asks the API for the page and the days', () => {
    expect(customerJobsUrl('c 1', 2, { fromDate: '10/27/2026', toDate: '01/25/2027' })).toBe(
      '/api/customers/c%201/jobs/paged?currentPage=2&pageSize=10&fromDate=10%2F27%2F2026&toDate=01%2F25%2F2027',
    );
  });
});
