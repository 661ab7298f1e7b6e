import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIT_REMINDER_SETTINGS } from '../../../../src/shared/notices';
import { reminderChanges, reminderFieldProblems, reminderTimeOptions } from './visitReminders';

describe('visit reminder settings', () => {
  it('offers times on 15-minute steps, Midnight as an end, and a time set off the steps as well', () => {
    const starts = reminderTimeOptions('start', '09:00');
    expect(starts).toHaveLength(96);
    expect(starts[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(starts.at(-1)).toEqual({ value: '23:45', label: '11:45 PM' });
    expect(reminderTimeOptions('end', '20:00').at(-1)).toEqual({ value: '24:00', label: 'Midnight' });
    const odd = reminderTimeOptions('start', '09:10');
    expect(odd).toHaveLength(97);
    expect(odd.slice(36, 39).map((o) => o.label)).toEqual(['9:00 AM', '9:10 AM', '9:15 AM']);
    expect(reminderTimeOptions('start', 'nonsense')).toHaveLength(96);
  });

  it('checks only the fields the mode shows', () => {
    const days = { ...DEFAULT_VISIT_REMINDER_SETTINGS, visitReminders: 'daysBefore' as const };
    expect(reminderFieldProblems.visitReminderDays(8, days)).toBe('Enter a whole number of days from 1 to 7');
    expect(reminderFieldProblems.visitReminderDays('', days)).toBe('Enter a whole number of days from 1 to 7');
    expect(reminderFieldProblems.visitReminderDays(7, days)).toBeNull();
    expect(reminderFieldProblems.visitReminderHours(100, days)).toBeNull();
    const hours = { ...DEFAULT_VISIT_REMINDER_SETTINGS, visitReminders: 'hoursBefore' as const };
    expect(reminderFieldProblems.visitReminderHours(0, hours)).toBe('Enter a whole number of hours from 1 to 72');
    expect(reminderFieldProblems.visitReminderHours(1.5, hours)).toBe('Enter a whole number of hours from 1 to 72');
    expect(reminderFieldProblems.visitReminderHours(72, hours)).toBeNull();
  });

  it('sends the mode and the fields it shows', () => {
    const values = { ...DEFAULT_VISIT_REMINDER_SETTINGS, visitReminderHours: 3, visitReminderDays: 2 };
    expect(reminderChanges(values)).toEqual({ visitReminders: 'off' });
    expect(reminderChanges({ ...values, visitReminders: 'hoursBefore' })).toEqual({
      visitReminders: 'hoursBefore',
      visitReminderHours: 3,
      visitReminderWindowStart: '08:00',
      visitReminderWindowEnd: '20:00',
    });
    expect(reminderChanges({ ...values, visitReminders: 'daysBefore' })).toEqual({
      visitReminders: 'daysBefore',
      visitReminderDays: 2,
      visitReminderTime: '09:00',
      visitReminderWindowStart: '08:00',
      visitReminderWindowEnd: '20:00',
    });
  });
});
