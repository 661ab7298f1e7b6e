import { fromWallMs, isoInstant, toWallMs } from '../core/zoned-time';
import { minutesOfDay, type VisitReminderSettings } from '../shared/notices';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * When a visit starting at `start` is reminded (UTC ISO), by the organization's settings in its zone; null when
 * reminders are off. Days before: that many days before the visit's local day, at the reminder time. Hours before:
 * that long before the start, or when that falls outside the sending window, at the window's last minute before it
 * (a 7:00 visit two hours ahead, with a window of 8:00–20:00, is reminded at 20:00 the evening before).
 */
export function reminderAt(start: string, settings: VisitReminderSettings, zone: string): string | null {
  const startMs = Date.parse(start);
  if (settings.visitReminders === 'off' || Number.isNaN(startMs)) return null;
  const wallStart = toWallMs(startMs, zone);
  const day = (wallMs: number) => Math.floor(wallMs / DAY_MS) * DAY_MS;
  if (settings.visitReminders === 'daysBefore') {
    const at = minutesOfDay(settings.visitReminderTime) ?? 9 * 60;
    return isoInstant(fromWallMs(day(wallStart) - settings.visitReminderDays * DAY_MS + at * MINUTE_MS, zone));
  }
  const wanted = toWallMs(startMs - settings.visitReminderHours * 3_600_000, zone);
  const from = (minutesOfDay(settings.visitReminderWindowStart) ?? 0) * MINUTE_MS;
  const to = (minutesOfDay(settings.visitReminderWindowEnd) ?? 24 * 60) * MINUTE_MS;
  const minute = wanted - day(wanted);
  let wall = wanted;
  if (minute < from) wall = day(wanted) - DAY_MS + to - MINUTE_MS;
  else if (minute >= to) wall = day(wanted) + to - MINUTE_MS;
  return isoInstant(fromWallMs(wall, zone));
}
