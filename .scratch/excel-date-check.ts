import { DateTime } from 'luxon';
import { excelDate } from '../src/reports/report-workbook';
let bad = 0;
for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
  for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 60_000) {
    const l = DateTime.fromMillis(ms, { zone });
    const want = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
    if (excelDate(new Date(ms).toISOString(), zone)!.getTime() !== want) bad++;
  }
}
console.log('mismatches', bad);
