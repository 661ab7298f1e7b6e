import { DEFAULT_VISIT_REMINDER_SETTINGS, type VisitReminderSettings } from '../shared/notices';
import { reminderAt } from './visit-reminders';

const NY = 'America/New_York';
const settings = (over: Partial<VisitReminderSettings>): VisitReminderSettings => ({
  ...DEFAULT_VISIT_REMINDER_SETTINGS,
  visitReminders: 'daysBefore',
  ...over,
});

describe('when a visit is reminded', () => {
  it('is never when reminders are off', () => {
    expect(reminderAt('2026-12-02T15:00:00Z', DEFAULT_VISIT_REMINDER_SETTINGS, NY)).toBeNull();
  });

  it('by default, the day before at 9:00 in the organization’s zone, across a DST change too', () => {
    // Wednesday 10:00 EST → Tuesday 9:00 EST.
    expect(reminderAt('2026-12-02T15:00:00Z', settings({}), NY)).toBe('2026-12-01T14:00:00Z');
    // Monday 15 March 2027 8:00 EDT → Sunday 14 March 9:00 EDT (the change's day).
    expect(reminderAt('2027-03-15T12:00:00Z', settings({}), NY)).toBe('2027-03-14T13:00:00Z');
    // An early visit (00:30 local): the day before is its local day's.
    expect(reminderAt('2026-12-02T05:30:00Z', settings({}), NY)).toBe('2026-12-01T14:00:00Z');
  });

  it('N days before at the chosen time', () => {
    expect(reminderAt('2026-12-05T15:00:00Z', settings({ visitReminderDays: 3, visitReminderTime: '17:30' }), NY)).toBe(
      '2026-12-02T22:30:00Z',
    );
  });

  it('N hours before, inside the sending window', () => {
    const hours = settings({ visitReminders: 'hoursBefore', visitReminderHours: 2 });
    // 14:00 → 12:00 local.
    expect(reminderAt('2026-12-02T19:00:00Z', hours, NY)).toBe('2026-12-02T17:00:00Z');
  });

  it('N hours before, moved to the window’s last minute before it when outside', () => {
    const hours = settings({ visitReminders: 'hoursBefore', visitReminderHours: 2 });
    // A 7:00 visit: 5:00 is before 8:00 → 19:59 the evening before.
    expect(reminderAt('2026-12-02T12:00:00Z', hours, NY)).toBe('2026-12-02T00:59:00Z');
    // A 23:00 visit: 21:00 is after 20:00 → 19:59 that day.
    expect(reminderAt('2026-12-03T04:00:00Z', hours, NY)).toBe('2026-12-03T00:59:00Z');
    // A window to midnight: 21:00 is inside it.
    expect(
      reminderAt(
        '2026-12-03T04:00:00Z',
        { ...hours, visitReminderWindowStart: '00:00', visitReminderWindowEnd: '24:00' },
        NY,
      ),
    ).toBe('2026-12-03T02:00:00Z');
  });
});
