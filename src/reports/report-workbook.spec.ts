import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { excelDate, writeReportWorkbook } from './report-workbook';

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

describe('writeReportWorkbook', () => {
  it("writes the second sheet's rows as given (the event position a number), then the rows' count", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* batches() {
      yield [{ name: 'Ann', hours: 1.5 }];
    }
    const rows = await writeReportWorkbook(
      out,
      'Jobs Report',
      [
        { header: 'Employee', width: 10, value: (r: { name: string }) => r.name },
        { header: 'Hours', width: 10, value: (r: { hours: number }) => r.hours, total: 'sum' },
      ],
      batches(),
      [
        ['Report', 'Jobs Report'],
        ['As of', 'Tue 24 Nov 2026, 9:00:00 AM EST'],
        ['Event position', 1234],
      ],
    );
    expect(rows).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const about = workbook.getWorksheet('About this export')!;
    expect(
      about
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(1)),
    ).toEqual([
      ['Report', 'Jobs Report'],
      ['As of', 'Tue 24 Nov 2026, 9:00:00 AM EST'],
      ['Event position', 1234],
      ['Rows', 1],
    ]);
  });

  it('quotes text cells that a spreadsheet or a re-saved CSV would read as formulas (issue #24 item 13); numbers stay numbers', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const names = ['=HYPERLINK("http://x.test","pay")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', 'Ann', 'a=b'];
    async function* batches() {
      yield names.map((name, i) => ({ name, hours: i - 2 }));
    }
    await writeReportWorkbook(
      out,
      'Jobs Report',
      [
        { header: 'Employee', width: 10, value: (r: { name: string }) => r.name },
        { header: 'Hours', width: 10, value: (r: { hours: number }) => r.hours, total: 'sum' },
      ],
      batches(),
      [['Employee', '=1+1']],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const rows = workbook
      .getWorksheet('Jobs Report')!
      .getSheetValues()
      .slice(2, 2 + names.length)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['\'=HYPERLINK("http://x.test","pay")', -2],
      ["'+1+1", -1],
      ["'-2+3", 0],
      ["'@SUM(A1)", 1],
      ["'\tTab", 2],
      // XML reads a written CR back as LF: the quote in front is what matters.
      ["'\nReturn", 3],
      ['Ann', 4],
      ['a=b', 5],
    ]);
    const about = workbook.getWorksheet('About this export')!.getSheetValues();
    expect((about[2] as unknown[]).slice(1)).toEqual(['Employee', "'=1+1"]);
  });
});
