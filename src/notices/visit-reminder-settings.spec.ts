import {
  DEFAULT_VISIT_REMINDER_SETTINGS,
  minutesOfDay,
  visitReminderSettingsOf,
  visitReminderSettingsProblem,
  type VisitReminderSettings,
} from '../shared/notices';

const MODE = 'Visit reminders must be off, hoursBefore or daysBefore';
const HOURS = 'Send reminders 1 to 72 hours before a visit';
const DAYS = 'Send reminders 1 to 7 days before a visit';
const TIME = 'The reminder time must be a time of day (HH:MM)';
const WINDOW = 'The sending window must be two times of day (HH:MM)';
const SHORT = 'The sending window must end at least an hour after it starts';
const OUTSIDE = 'The reminder time must be inside the sending window';

describe('minutesOfDay', () => {
  it('reads HH:MM from 00:00 to 24:00', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:05')).toBe(545);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(minutesOfDay('24:00')).toBe(1440);
  });

  it('is null for anything else', () => {
    for (const bad of [
      '24:01',
      '25:00',
      '12:60',
      '9:00',
      '09:0',
      '090:00',
      '09-00',
      '0a:00',
      ' 9:00',
      '',
      '+1:00',
      '-1:00',
      '1e:00',
    ])
      expect([bad, minutesOfDay(bad)]).toEqual([bad, null]);
    for (const bad of [null, undefined, 540, ['09:00'], { hours: 9 }]) expect(minutesOfDay(bad)).toBeNull();
  });
});

describe('visitReminderSettingsProblem', () => {
  it('accepts the defaults, each mode and the bounds', () => {
    expect(visitReminderSettingsProblem({})).toBeNull();
    expect(visitReminderSettingsProblem(DEFAULT_VISIT_REMINDER_SETTINGS)).toBeNull();
    for (const visitReminders of ['off', 'hoursBefore', 'daysBefore'])
      expect(visitReminderSettingsProblem({ visitReminders })).toBeNull();
    for (const visitReminderHours of [1, 24, 72])
      expect(visitReminderSettingsProblem({ visitReminderHours })).toBeNull();
    for (const visitReminderDays of [1, 7]) expect(visitReminderSettingsProblem({ visitReminderDays })).toBeNull();
    expect(
      visitReminderSettingsProblem({
        visitReminders: 'daysBefore',
        visitReminderDays: 2,
        visitReminderTime: '07:30',
        visitReminderWindowStart: '07:00',
        visitReminderWindowEnd: '21:15',
      }),
    ).toBeNull();
  });

  it('says what is wrong with each bad value', () => {
    const cases: [Partial<Record<keyof VisitReminderSettings, unknown>>, string][] = [
      [{ visitReminders: 'weekly' }, MODE],
      [{ visitReminders: 'Off' }, MODE],
      [{ visitReminders: null }, MODE],
      [{ visitReminderHours: 0 }, HOURS],
      [{ visitReminderHours: 73 }, HOURS],
      [{ visitReminderHours: 1.5 }, HOURS],
      [{ visitReminderHours: '24' }, HOURS],
      [{ visitReminderHours: Number.NaN }, HOURS],
      [{ visitReminderDays: 0 }, DAYS],
      [{ visitReminderDays: 8 }, DAYS],
      [{ visitReminderDays: 2.5 }, DAYS],
      [{ visitReminderDays: '1' }, DAYS],
      [{ visitReminderTime: '9:00' }, TIME],
      [{ visitReminderTime: '24:00' }, TIME],
      [{ visitReminderTime: 900 }, TIME],
      [{ visitReminderWindowStart: '8am' }, WINDOW],
      [{ visitReminderWindowEnd: '24:30' }, WINDOW],
      [{ visitReminderWindowEnd: null }, WINDOW],
    ];
    for (const [wanted, message] of cases)
      expect([wanted, visitReminderSettingsProblem(wanted)]).toEqual([wanted, message]);
  });

  it('takes 24:00 as a window end (the end of the day), not as a reminder time', () => {
    expect(visitReminderSettingsProblem({ visitReminderWindowEnd: '24:00' })).toBeNull();
    expect(
      visitReminderSettingsProblem({
        visitReminders: 'daysBefore',
        visitReminderTime: '23:00',
        visitReminderWindowStart: '22:00',
        visitReminderWindowEnd: '24:00',
      }),
    ).toBeNull();
    expect(visitReminderSettingsProblem({ visitReminderWindowStart: '24:00' })).toBe(SHORT);
  });

  it('refuses a days-before time outside the window, whichever side; hours before leave the time alone', () => {
    expect(visitReminderSettingsProblem({ visitReminders: 'daysBefore', visitReminderTime: '07:59' })).toBe(OUTSIDE);
    expect(visitReminderSettingsProblem({ visitReminders: 'daysBefore', visitReminderTime: '20:01' })).toBe(OUTSIDE);
    // Its ends are inside.
    expect(visitReminderSettingsProblem({ visitReminders: 'daysBefore', visitReminderTime: '08:00' })).toBeNull();
    expect(visitReminderSettingsProblem({ visitReminders: 'daysBefore', visitReminderTime: '20:00' })).toBeNull();
    expect(visitReminderSettingsProblem({ visitReminders: 'hoursBefore', visitReminderTime: '06:00' })).toBeNull();
    expect(visitReminderSettingsProblem({ visitReminders: 'off', visitReminderTime: '06:00' })).toBeNull();
  });

  it('refuses a window shorter than an hour, or ending before it starts', () => {
    const window = (visitReminderWindowStart: string, visitReminderWindowEnd: string) =>
      visitReminderSettingsProblem({ visitReminderWindowStart, visitReminderWindowEnd });
    expect(window('08:00', '08:59')).toBe(SHORT);
    expect(window('08:00', '08:00')).toBe(SHORT);
    expect(window('20:00', '08:00')).toBe(SHORT);
    expect(window('08:00', '09:00')).toBeNull();
    expect(window('00:00', '24:00')).toBeNull();
  });

  it('lays what is wanted over the current settings: a change is checked with what it leaves as it is', () => {
    const current: VisitReminderSettings = {
      ...DEFAULT_VISIT_REMINDER_SETTINGS,
      visitReminders: 'daysBefore',
      visitReminderTime: '10:00',
    };
    expect(visitReminderSettingsProblem({ visitReminderWindowStart: '10:30' }, current)).toBe(OUTSIDE);
    expect(
      visitReminderSettingsProblem({ visitReminderWindowStart: '10:30', visitReminderTime: '11:00' }, current),
    ).toBeNull();
    // Left out (undefined) keeps the current value; other keys are not its to check.
    expect(visitReminderSettingsProblem({ visitReminderTime: undefined, name: 'Acme' } as never, current)).toBeNull();
    expect(visitReminderSettingsProblem({ visitReminders: 'off', visitReminderTime: '06:00' }, current)).toBeNull();
  });
});

describe('visitReminderSettingsOf', () => {
  it('fills in the defaults for what is not set (absent or null)', () => {
    expect(visitReminderSettingsOf({})).toEqual(DEFAULT_VISIT_REMINDER_SETTINGS);
    expect(
      visitReminderSettingsOf({
        visitReminders: 'hoursBefore',
        visitReminderHours: 3,
        visitReminderWindowEnd: null as never,
      }),
    ).toEqual({ ...DEFAULT_VISIT_REMINDER_SETTINGS, visitReminders: 'hoursBefore', visitReminderHours: 3 });
  });

  it('keeps only its own keys', () => {
    const organization = { name: 'Acme', overtimeRule: 'none', visitReminderDays: 2 };
    expect(visitReminderSettingsOf(organization)).toEqual({ ...DEFAULT_VISIT_REMINDER_SETTINGS, visitReminderDays: 2 });
  });
});
