import ExcelJS from 'exceljs';
import {
  GUSTO_HOURS_COLUMNS,
  PayrollSheet,
  QUICKBOOKS_TIMESHEET_COLUMNS,
  gustoHoursCsv,
  hoursAndMinutes,
  payrollWorkbook,
  quickbooksTimesheetCsv,
  twoDecimals,
} from './payroll-files';

const ZONE = 'America/New_York';

/**
 * Splits CSV text into records of fields (RFC 4180: quoted fields may hold separators, quotes and line breaks), as a
 * spreadsheet does with `separator` (a comma unless told otherwise).
 */
function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      record.push(value);
      value = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(value);
      records.push(record);
      record = [];
      value = '';
      i++;
    } else value += c;
  }
  if (value || record.length) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-20))}`);
  return records;
}

const FORMULA = /^[=+\-@\t\r]/;

/**
 * The cells, of those a spreadsheet could make of the file with a separator of the ones people choose (comma,
 * semicolon, tab, bar), that it would read as a formula: whether it honours the quotes or splits each line blindly.
 */
function formulasIn(text: string): string[] {
  return [',', ';', '\t', '|'].flatMap((separator) => {
    const honouring = parseCsv(text, separator).flat();
    const blind = text
      .split(/\r\n|\r|\n/)
      .flatMap((line) => line.split(separator))
      .map((cell) => cell.replace(/^"/, ''));
    return [...honouring, ...blind].filter((cell) => FORMULA.test(cell));
  });
}

function sheet(overrides: Partial<PayrollSheet> = {}): PayrollSheet {
  return {
    userId: 'u1',
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'ana@example.com',
    period: { start: '2026-11-22', end: '2026-11-28' },
    regularHours: 7.5,
    overtimeHours: 0,
    doubleTimeHours: 0,
    totalHours: 7.5,
    mileage: 0,
    entries: [
      {
        date: '2026-11-23',
        startDateTime: '2026-11-23T14:00:00.000Z', // 9:00 AM in New York
        endDateTime: '2026-11-23T21:30:00.000Z', // 4:30 PM
        hours: 7.5,
        type: 'Job',
        jobName: 'Gutter cleaning',
        customerName: 'Acme, Inc.',
        label: null,
        mileage: 0,
      },
    ],
    ...overrides,
  };
}

/** A night shift from 10:00 PM on Nov 24 to 6:00 AM on Nov 25 (New York), as the timesheet splits it. */
const nightShift = sheet({
  userId: 'u2',
  firstName: 'Bo',
  lastName: 'Night',
  email: 'bo@example.com',
  regularHours: 8,
  totalHours: 8,
  entries: [
    {
      date: '2026-11-24',
      startDateTime: '2026-11-25T03:00:00.000Z',
      endDateTime: '2026-11-25T11:00:00.000Z',
      hours: 2,
      type: 'Job',
      jobName: 'Night watch',
      customerName: 'Depot',
      label: 'Gate 4',
      mileage: 0,
    },
    {
      date: '2026-11-25',
      startDateTime: '2026-11-25T03:00:00.000Z',
      endDateTime: '2026-11-25T11:00:00.000Z',
      hours: 6,
      type: 'Job',
      jobName: 'Night watch',
      customerName: 'Depot',
      label: 'Gate 4',
      mileage: 0,
    },
  ],
});

describe('twoDecimals and hoursAndMinutes', () => {
  it('writes exactly two decimals with a dot and no thousands separator', () => {
    expect(twoDecimals(7.5)).toBe('7.50');
    expect(twoDecimals(0)).toBe('0.00');
    expect(twoDecimals(-0)).toBe('0.00');
    expect(twoDecimals(40)).toBe('40.00');
    expect(twoDecimals(1.005)).toBe('1.01');
    expect(twoDecimals(0.333333)).toBe('0.33');
    expect(twoDecimals(12345.678)).toBe('12345.68');
    expect(() => twoDecimals(Number.NaN)).toThrow(RangeError);
  });

  it('writes a duration as H:MM to the minute', () => {
    expect(hoursAndMinutes(7.5)).toBe('7:30');
    expect(hoursAndMinutes(0)).toBe('0:00');
    expect(hoursAndMinutes(0.25)).toBe('0:15');
    expect(hoursAndMinutes(7.33)).toBe('7:20');
    expect(hoursAndMinutes(26)).toBe('26:00');
  });
});

describe('gustoHoursCsv', () => {
  it("has Gusto's template header, one row per person, hours with two decimals and CRLF line ends", () => {
    const text = gustoHoursCsv([
      sheet(),
      sheet({
        userId: 'u2',
        firstName: 'Bo',
        lastName: 'Ng',
        regularHours: 40,
        overtimeHours: 2.25,
        doubleTimeHours: 1,
      }),
    ]);
    expect(text.split('\r\n')[0]).toBe('last_name,first_name,regular_hours,overtime_hours,double_overtime_hours');
    expect(text).toBe(
      'last_name,first_name,regular_hours,overtime_hours,double_overtime_hours\r\n' +
        '"Lima","Ana",7.50,0.00,0.00\r\n' +
        '"Ng","Bo",40.00,2.25,1.00\r\n',
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const row of parseCsv(text)) expect(row).toHaveLength(GUSTO_HOURS_COLUMNS.length);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('is the header alone without sheets', () => {
    expect(gustoHoursCsv([])).toBe('last_name,first_name,regular_hours,overtime_hours,double_overtime_hours\r\n');
  });

  it('adds up one person’s sheets of several periods into one row', () => {
    const text = gustoHoursCsv([
      sheet({ regularHours: 30.1, overtimeHours: 0.2 }),
      sheet({ period: { start: '2026-11-29', end: '2026-12-05' }, regularHours: 10.2, overtimeHours: 0.1 }),
    ]);
    expect(parseCsv(text).slice(1)).toEqual([['Lima', 'Ana', '40.30', '0.30', '0.00']]);
  });

  it('quotes a name holding a comma or a quote and doubles its quotes', () => {
    const text = gustoHoursCsv([sheet({ lastName: 'Smith, Jr.', firstName: 'Jo "JJ"' })]);
    expect(text.split('\r\n')[1]).toBe('"Smith, Jr.","Jo ""JJ""",7.50,0.00,0.00');
    expect(parseCsv(text)[1]).toEqual(['Smith, Jr.', 'Jo "JJ"', '7.50', '0.00', '0.00']);
  });

  it('keeps a name from reading as a formula, as inertCell does, but never touches numbers', () => {
    const text = gustoHoursCsv([
      sheet({ lastName: '=HYPERLINK("http://x","y")', firstName: '@SUM(A1)' }),
      sheet({ userId: 'u2', lastName: '-2+3', firstName: '+1', regularHours: 0 }),
      sheet({ userId: 'u3', lastName: '\tTab', firstName: '\rCr' }),
    ]);
    const rows = parseCsv(text);
    expect(rows[1]).toEqual(['\'=HYPERLINK("http://x","y")', "'@SUM(A1)", '7.50', '0.00', '0.00']);
    expect(rows[2]).toEqual(["'-2+3", "'+1", '0.00', '0.00', '0.00']);
    expect(rows[3]).toEqual(["'\tTab", "'\rCr", '7.50', '0.00', '0.00']);
    // The CR is inside a quoted field: the record still has its five fields.
    expect(text).toContain('"\'\rCr"');
  });

  it('keeps a formula after a separator from beginning a cell, with any separator a spreadsheet splits on', () => {
    const text = gustoHoursCsv([
      sheet({ firstName: 'x;=2+3;', lastName: 'Lima' }),
      sheet({ userId: 'u2', firstName: 'a,-1', lastName: 'b\t+1' }),
      sheet({ userId: 'u3', firstName: 'c|@SUM(A1)', lastName: 'd\n=1+1' }),
      sheet({ userId: 'u4', firstName: '=a;=b', lastName: 'e\r\t=1' }),
    ]);
    expect(text.split('\r\n').slice(1, 3)).toEqual([
      `"Lima","x;'=2+3;",7.50,0.00,0.00`,
      `"b\t'+1","a,'-1",7.50,0.00,0.00`,
    ]);
    expect(parseCsv(text).slice(1)).toEqual([
      ['Lima', "x;'=2+3;", '7.50', '0.00', '0.00'],
      ["b\t'+1", "a,'-1", '7.50', '0.00', '0.00'],
      ["d\n'=1+1", "c|'@SUM(A1)", '7.50', '0.00', '0.00'],
      ["e\r'\t'=1", "'=a;'=b", '7.50', '0.00', '0.00'],
    ]);
    expect(formulasIn(text)).toEqual([]);
  });

  it('leaves a name with a separator but no formula after it as it is, and the hours numbers', () => {
    const text = gustoHoursCsv([sheet({ firstName: 'Mary-Jane; Jo', lastName: 'Smith - Jones, Jr.' })]);
    expect(text.split('\r\n')[1]).toBe('"Smith - Jones, Jr.","Mary-Jane; Jo",7.50,0.00,0.00');
  });
});

describe('quickbooksTimesheetCsv', () => {
  const HEADER =
    'Id,TxnDate,NameOf,EmployeeVendorRefName,CustomerRefName,DepartmentRef Name,ItemRef Name,Class Ref Name,' +
    'Billable Status,Taxable,Hourly Rate,Duration,Break Duration,Start Time,End Time,Description';

  it('has the QuickBooks Online timesheet header and one row per tracked time, in the organization’s zone', () => {
    const text = quickbooksTimesheetCsv([sheet()], ZONE);
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(QUICKBOOKS_TIMESHEET_COLUMNS.join(',')).toBe(HEADER);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveLength(QUICKBOOKS_TIMESHEET_COLUMNS.length);
    expect(rows[1]).toEqual([
      '',
      '2026-11-23',
      'Employee',
      'Ana Lima',
      'Acme, Inc.',
      '',
      '',
      '',
      'NotBillable',
      'False',
      '',
      '7:30',
      '0:00',
      '2026-11-23T09:00:00',
      '2026-11-23T16:30:00',
      'Gutter cleaning',
    ]);
    expect(text.split('\r\n')[1]).toContain(',"Acme, Inc.",');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes a shift across midnight as the entries given, each with its day’s part', () => {
    const rows = parseCsv(quickbooksTimesheetCsv([nightShift], ZONE)).slice(1);
    expect(rows.map((r) => [r[1], r[11], r[13], r[14], r[15]])).toEqual([
      ['2026-11-24', '2:00', '2026-11-24T22:00:00', '2026-11-25T00:00:00', 'Night watch - Gate 4'],
      ['2026-11-25', '6:00', '2026-11-25T00:00:00', '2026-11-25T06:00:00', 'Night watch - Gate 4'],
    ]);
  });

  it('shows the same instants on another zone’s wall clock', () => {
    const rows = parseCsv(quickbooksTimesheetCsv([sheet()], 'America/Los_Angeles')).slice(1);
    expect(rows[0].slice(13, 15)).toEqual(['2026-11-23T06:00:00', '2026-11-23T13:30:00']);
  });

  it('names the kind of time, the label and the miles when there is no job', () => {
    const rows = parseCsv(
      quickbooksTimesheetCsv(
        [
          sheet({
            entries: [
              {
                date: '2026-11-23',
                startDateTime: '2026-11-23T14:00:00.000Z',
                endDateTime: '2026-11-23T14:45:00.000Z',
                hours: 0.75,
                type: 'Mileage',
                jobName: null,
                customerName: null,
                label: 'Supply run',
                mileage: 12.5,
              },
            ],
          }),
        ],
        ZONE,
      ),
    ).slice(1);
    expect(rows[0][4]).toBe('');
    expect(rows[0][11]).toBe('0:45');
    expect(rows[0][15]).toBe('Mileage - Supply run - 12.50 miles');
  });

  it('quotes and guards text fields, but not the numbers and times it writes', () => {
    const text = quickbooksTimesheetCsv(
      [
        sheet({
          firstName: '=cmd|',
          lastName: 'O"Brien, Sr.',
          entries: [{ ...sheet().entries[0], customerName: '+Plus "Co"', jobName: '-1', label: '@me\nnext line' }],
        }),
      ],
      ZONE,
    );
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(QUICKBOOKS_TIMESHEET_COLUMNS.length);
    expect(rows[1][3]).toBe('\'=cmd| O"Brien, Sr.');
    expect(rows[1][4]).toBe('\'+Plus "Co"');
    expect(rows[1][15]).toBe("'-1 - @me\nnext line");
    expect(rows[1][11]).toBe('7:30');
    expect(text).toContain('"\'=cmd| O""Brien, Sr."');
  });

  it('keeps a formula after a separator in any text field from beginning a cell', () => {
    const text = quickbooksTimesheetCsv(
      [
        sheet({
          firstName: 'x;=2+3;',
          entries: [{ ...sheet().entries[0], customerName: 'Acme;@SUM(A1)', label: 'Gate\t=1' }],
        }),
      ],
      ZONE,
    );
    expect(text.split('\r\n')[1]).toBe(
      `,2026-11-23,Employee,"x;'=2+3; Lima","Acme;'@SUM(A1)",,,,NotBillable,False,,7:30,0:00,` +
        `2026-11-23T09:00:00,2026-11-23T16:30:00,"Gutter cleaning - Gate\t'=1"`,
    );
    expect(formulasIn(text)).toEqual([]);
  });

  it('refuses an unknown zone', () => {
    expect(() => quickbooksTimesheetCsv([sheet()], 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('payrollWorkbook', () => {
  async function load(buffer: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    return workbook;
  }
  const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

  it('holds a Summary and a Tracked times sheet with their headers, values and number formats', async () => {
    const buffer = await payrollWorkbook(
      [sheet({ mileage: 12.5 }), nightShift],
      ZONE,
      'Payroll Nov 22 – Nov 28, 2026 & co',
    );
    expect(Buffer.isBuffer(buffer)).toBe(true);
    const workbook = await load(buffer);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['Summary', 'Tracked times']);
    expect(workbook.title).toBe('Payroll Nov 22 – Nov 28, 2026 & co');
    expect(workbook.created?.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(workbook.modified?.toISOString()).toBe('2026-11-28T00:00:00.000Z');

    const summary = workbook.getWorksheet('Summary')!;
    expect(rowValues(summary, 1)).toEqual([
      'Employee',
      'Email',
      'Period start',
      'Period end',
      'Regular hours',
      'Overtime hours',
      'Double time hours',
      'Total hours',
      'Mileage',
    ]);
    expect(summary.rowCount).toBe(3);
    expect(rowValues(summary, 2)).toEqual([
      'Ana Lima',
      'ana@example.com',
      new Date('2026-11-22T00:00:00Z'),
      new Date('2026-11-28T00:00:00Z'),
      7.5,
      0,
      0,
      7.5,
      12.5,
    ]);
    expect(rowValues(summary, 3).slice(0, 2)).toEqual(['Bo Night', 'bo@example.com']);
    for (const col of [5, 6, 7, 8, 9]) expect(summary.getRow(2).getCell(col).numFmt).toBe('0.00');
    expect(summary.getRow(2).getCell(3).numFmt).toBe('mm/dd/yyyy');
    expect(summary.getRow(1).font?.bold).toBe(true);

    const tracked = workbook.getWorksheet('Tracked times')!;
    expect(rowValues(tracked, 1)).toEqual([
      'Employee',
      'Date',
      'Start',
      'End',
      'Hours',
      'Type',
      'Job',
      'Customer',
      'Label',
      'Mileage',
    ]);
    expect(tracked.rowCount).toBe(4);
    // Times are the wall clock of the zone, as Excel dates (no zone) written by their UTC fields.
    expect(rowValues(tracked, 2)).toEqual([
      'Ana Lima',
      new Date('2026-11-23T00:00:00Z'),
      new Date('2026-11-23T09:00:00Z'),
      new Date('2026-11-23T16:30:00Z'),
      7.5,
      'Job',
      'Gutter cleaning',
      'Acme, Inc.',
      undefined,
      0,
    ]);
    // The night shift: one row per day, each with its part.
    expect(rowValues(tracked, 3).slice(0, 5)).toEqual([
      'Bo Night',
      new Date('2026-11-24T00:00:00Z'),
      new Date('2026-11-24T22:00:00Z'),
      new Date('2026-11-25T00:00:00Z'),
      2,
    ]);
    expect(rowValues(tracked, 4).slice(0, 5)).toEqual([
      'Bo Night',
      new Date('2026-11-25T00:00:00Z'),
      new Date('2026-11-25T00:00:00Z'),
      new Date('2026-11-25T06:00:00Z'),
      6,
    ]);
    const row = tracked.getRow(2);
    expect(row.getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(row.getCell(3).numFmt).toBe('mm/dd/yyyy h:mm AM/PM');
    expect(row.getCell(4).numFmt).toBe('mm/dd/yyyy h:mm AM/PM');
    expect(row.getCell(5).numFmt).toBe('0.00');
    expect(row.getCell(10).numFmt).toBe('0.00');
    expect(tracked.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps text cells from reading as formulas and numbers as numbers', async () => {
    const workbook = await load(
      await payrollWorkbook(
        [
          sheet({
            firstName: '=1+1',
            lastName: '',
            email: '@evil',
            entries: [{ ...sheet().entries[0], jobName: '-Job', label: '+x' }],
          }),
        ],
        ZONE,
        'T',
      ),
    );
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getRow(2).getCell(1).value).toBe("'=1+1");
    expect(summary.getRow(2).getCell(2).value).toBe("'@evil");
    expect(summary.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    const tracked = workbook.getWorksheet('Tracked times')!;
    expect(tracked.getRow(2).getCell(7).value).toBe("'-Job");
    expect(tracked.getRow(2).getCell(9).value).toBe("'+x");
    expect(tracked.getRow(2).getCell(5).value).toBe(7.5);
  });

  it('writes the same document for the same input, and only headers without sheets', async () => {
    const a = await load(await payrollWorkbook([sheet()], ZONE, 'T'));
    const b = await load(await payrollWorkbook([sheet()], ZONE, 'T'));
    expect(a.created).toEqual(b.created);
    expect(rowValues(a.getWorksheet('Tracked times')!, 2)).toEqual(rowValues(b.getWorksheet('Tracked times')!, 2));

    const empty = await load(await payrollWorkbook([], ZONE, 'T', new Date('2026-12-01T00:00:00Z')));
    expect(empty.created?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(empty.getWorksheet('Summary')!.rowCount).toBe(1);
    expect(empty.getWorksheet('Tracked times')!.rowCount).toBe(1);
  });
});
