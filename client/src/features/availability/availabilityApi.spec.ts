import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUserAvailability } from './availabilityApi';

afterEach(() => vi.unstubAllGlobals());

const week = [{ id: 'a', weekDay: 'Monday', userId: 'u1', startTime: '08:00', endTime: '17:00' }];
const respond = (headers: Record<string, string>) =>
  vi.fn(async () => new Response(JSON.stringify(week), { status: 200, headers }));

describe('fetchUserAvailability', () => {
  it('reads the week, and whether it was ever saved from X-Availability-Saved', async () => {
    const fetch = respond({ 'X-Availability-Saved': 'false' });
    vi.stubGlobal('fetch', fetch);
    expect(await fetchUserAvailability('u 1')).toEqual({ entries: week, saved: false });
    expect(fetch.mock.calls[0]).toEqual(['/api/employee-availability/user/u%201', expect.anything()]);
    vi.stubGlobal('fetch', respond({ 'X-Availability-Saved': 'true' }));
    expect((await fetchUserAvailability('u1')).saved).toBe(true);
  });

  it('takes a week as saved when the header is missing (an older server)', async () => {
    vi.stubGlobal('fetch', respond({}));
    expect((await fetchUserAvailability('u1')).saved).toBe(true);
  });
});
