import { DateTime } from 'luxon';
import { excelDate } from './report-workbook';

describe('excelDate', () => {
  it.each(['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    "holds the wall-clock time in %s, across a year's DST changes (every 7 minutes)",
    (zone) => {
      const wrong: string[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 60_000) {
        const local = DateTime.fromMillis(ms, { zone });
        const wanted = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
        const iso = new Date(ms).toISOString();
        if (excelDate(iso, zone)!.getTime() !== wanted) wrong.push(iso);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('is empty for no instant or one that is not a date', () => {
    expect(excelDate(null, 'UTC')).toBeNull();
    expect(excelDate('soon', 'UTC')).toBeNull();
  });
});
