import { bothTimesInWords } from './audit.queries';

describe('the two times of a change a phone sent later', () => {
  it("names the received day only when it differs from the device's, in the organization's zone", () => {
    expect(bothTimesInWords('2026-06-02T11:42:05.000Z', '2026-06-02T13:10:12.000Z', 'America/New_York')).toBe(
      'On the device Tue 2 Jun 2026, 7:42:05 AM EDT · received 9:10:12 AM EDT',
    );
    expect(bothTimesInWords('2026-06-02T03:00:00.000Z', '2026-06-02T13:10:12.000Z', 'America/New_York')).toBe(
      'On the device Mon 1 Jun 2026, 11:00:00 PM EDT · received Tue 2 Jun 2026, 9:10:12 AM EDT',
    );
  });
});
