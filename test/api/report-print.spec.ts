import { execFile, execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { writeReportWorkbook } from '../../src/core/spreadsheets/report-workbook';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

/**
 * The Jobs and Ratings exports on paper (#26 item 8): downloaded over HTTP, read back with exceljs (page setup, print
 * titles, the page header, number formats, the ratings' average) and printed to PDF by LibreOffice
 * (`libreoffice --headless --convert-to pdf`), whose pages poppler's tools read: ten rows with long job names and
 * long comments fit one landscape page's width, and every job name and comment is there whole.
 */

const ZONE = 'America/New_York';
const run = promisify(execFile);
/** What printing needs: LibreOffice, poppler's tools, and Carlito (without it LibreOffice wraps text wider than Excel). */
const missing = [
  ...['libreoffice', 'pdfinfo', 'pdftotext', 'pdftoppm'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  }),
  ...(existsSync('/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf') ? [] : ['the Carlito font']),
];
const INSTALL_HINT = './scripts/install.sh --test installs LibreOffice, poppler-utils and Carlito';
// Only a developer's machine without them skips; CI installs them (scripts/install.sh --test) and must run this.
const printing = missing.length && !process.env.CI ? describe.skip : describe;
if (missing.length && !process.env.CI)
  console.warn(`report-print.spec skipped: ${missing.join(', ')} not installed (${INSTALL_HINT})`);
/** A folder to leave the first page of each PDF in as a PNG, to look at (by default they go with the temp folder). */
const SHOTS = process.env.REPORT_PRINT_SHOTS;

printing('the exports on paper', () => {
  let app: TestApp;
  let org: TestOrganization;
  let organizationName: string;
  let work: string;
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const at = (daysAgo: number, hour: number, minute = 0) =>
    today.minus({ days: daysAgo }).set({ hour, minute }).toUTC().toISO()!;
  const range = `${today.minus({ days: 29 }).toFormat('MM/dd/yyyy')} – ${today.toFormat('MM/dd/yyyy')} (${ZONE})`;
  // Long enough to wrap in their columns; each different, so a cut or a mix-up shows.
  const jobNames = Array.from(
    { length: 10 },
    (_, i) => `Maple Court – weekly lawn, hedge and gutter care, building ${String.fromCharCode(65 + i)} north side`,
  );
  const comments = jobNames.map(
    (_, i) =>
      `Visit ${i + 1}: the crew arrived on time, edged every bed along the driveway, cleared the gutters over the garage ` +
      `and left the side gate latched; next time please also sweep the patio steps (note ${i + 1}).`,
  );
  const stars = [5, 4, 3, 5, 4, 2, 5, 4, 1, 4];
  const files: Record<'jobs' | 'ratings', { xlsx: string; pdf: string }> = {
    jobs: { xlsx: '', pdf: '' },
    ratings: { xlsx: '', pdf: '' },
  };

  const download = async (path: string) => {
    const response = await fetch(`${app.url}${path}`, { headers: { cookie: org.manager.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="export.xlsx"');
    return Buffer.from(await response.arrayBuffer());
  };
  const read = async (path: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    return workbook;
  };
  const pdfPages = async (pdf: string) => {
    const { stdout } = await run('pdfinfo', [pdf]);
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout)!;
    return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)![1]), width: Number(width), height: Number(height) };
  };
  /** One page's text with every run of white space as one space: a name wrapped over lines in its cell reads whole. */
  const pageText = async (pdf: string, page: number) => {
    const { stdout } = await run('pdftotext', ['-raw', '-f', String(page), '-l', String(page), pdf, '-']);
    return stdout.replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    if (missing.length) throw new Error(`${missing.join(', ')} not installed: ${INSTALL_HINT}`);
    app = await startTestApp();
    org = await app.organization('Print');
    organizationName = 'Green & Sons Grounds Care';
    const settings = await org.admin.patch('/api/organization/settings', { timeZone: ZONE, name: organizationName });
    expect(settings.status).toBe(200);
    const given = kitFor(org.manager);
    const customer = await given.customer({
      name: 'Maple Court Homeowners Association, Building Services',
      contactEmail: `maple-${randomUUID().slice(0, 6)}@example.test`,
      billingFrequency: 'Monthly',
    });
    // Ten finished jobs over the last ten days, each with an hour and 20 minutes of the associate's tracked time.
    const jobs: string[] = [];
    for (const [i, name] of jobNames.entries()) {
      const job = await given.job({
        name,
        number: `J-${100 + i}`,
        startDateTime: at(10 - i, 9),
        endDateTime: at(10 - i, 11),
        userIds: [org.associate.userId],
        customerId: customer.id,
      });
      jobs.push(job.id);
      await kitFor(org.associate).timer({
        jobId: job.id,
        startDateTime: at(10 - i, 9),
        endDateTime: at(10 - i, 10, 20),
      });
    }
    // Each job rated by the customer through its e-mailed link, with a long comment.
    for (const job of jobs) await given.ratingRequest(job);
    const mails = await mailsWhen(app.dataDir, (m) => jobNames.some((n) => m.text.includes(n)), 10, within(20_000));
    expect(mails).toHaveLength(10);
    for (const [i, name] of jobNames.entries()) {
      const mail = mails.find((m) => m.text.includes(`"${name}"`))!;
      const token = /\/feedback\/([\w-]+)/.exec(mail.text)![1];
      const answer = await app.client().post(`/api/feedback/${token}`, { rating: stars[i], comments: comments[i] });
      expect(answer.status).toBe(200);
    }

    // Another company's time is in none of these pages.
    const other = await app.organization('Other');
    await kitFor(other.associate).timer({
      label: 'Another company’s paperwork',
      startDateTime: at(3, 9),
      endDateTime: at(3, 10),
    });

    // Both exports over HTTP, then printed by LibreOffice in one run, with a profile of its own (parallel runs
    // sharing the default profile would clash).
    work = mkdtempSync(join(tmpdir(), 'crewclock-print-'));
    for (const kind of ['jobs', 'ratings'] as const) {
      files[kind].xlsx = join(work, `${kind}-export.xlsx`);
      files[kind].pdf = join(work, `${kind}-export.pdf`);
      writeFileSync(files[kind].xlsx, await download(`/api/${kind}-report`));
    }
    // And a sheet long enough for several pages, written by the same code, to see its header row on each.
    const long = createWriteStream(join(work, 'long.xlsx'));
    const finished = new Promise<void>((resolve) => long.on('close', () => resolve()));
    await writeReportWorkbook(
      long,
      'Ratings Report',
      [
        { header: 'Visit', width: 10, value: (r: number) => r },
        { header: 'Comments', width: 60, value: () => comments[0] },
      ],
      (async function* () {
        yield Array.from({ length: 120 }, (_, i) => i + 1);
      })(),
      [],
      { organization: organizationName, range },
    );
    await finished;
    await run(
      'libreoffice',
      [
        `-env:UserInstallation=file://${join(work, 'profile')}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        files.jobs.xlsx,
        files.ratings.xlsx,
        join(work, 'long.xlsx'),
      ],
      { timeout: within(120_000) },
    );
    // The first page of each, to look at.
    const shots = SHOTS ?? work;
    mkdirSync(shots, { recursive: true });
    for (const kind of ['jobs', 'ratings'] as const)
      await run('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        files[kind].pdf,
        join(shots, `${kind}-report-page1`),
      ]);
  }, within(180_000));
  afterAll(async () => {
    await app?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('sets up both sheets for print: landscape, one page wide, the header row on every page, a page header', async () => {
    for (const [kind, title] of [
      ['jobs', 'Jobs Report'],
      ['ratings', 'Ratings Report'],
    ] as const) {
      const sheet = (await read(files[kind].xlsx)).getWorksheet(title)!;
      expect(sheet.pageSetup).toMatchObject({
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: '1:1',
        margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.6, header: 0.3, footer: 0.3 },
      });
      // The organization's "&" doubled: in a page header a lone one starts a code.
      expect(sheet.headerFooter.oddHeader).toBe(`&L${organizationName.replace('&', '&&')}&C&B${title}&B&R${range}`);
      expect(sheet.headerFooter.oddFooter).toBe('&CPage &P of &N');
      expect(sheet.getRow(1).alignment).toMatchObject({ wrapText: true });
      expect(sheet.getRow(2).getCell(1).alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    }
  });

  it('writes the Jobs report with the job name as a job row’s label and hours and ratings to 2 decimals', async () => {
    const sheet = (await read(files.jobs.xlsx)).getWorksheet('Jobs Report')!;
    expect(sheet.rowCount).toBe(12);
    const first = sheet.getRow(2);
    expect([first.getCell(2).value, first.getCell(3).value, first.getCell(11).value]).toEqual([
      jobNames[0],
      'Job',
      jobNames[0],
    ]);
    // Numbers stay numbers; the format shows them to 2 decimals.
    expect([first.getCell(6).value, first.getCell(6).numFmt]).toEqual([1.33, '0.00']);
    expect([first.getCell(10).value, first.getCell(10).numFmt]).toEqual([stars[0], '0.00']);
    expect(sheet.getRow(12).getCell(6).value).toEqual({ formula: 'SUBTOTAL(109,F2:F11)', result: 13.3 });
  });

  it('writes the Ratings report with ratings to 2 decimals and their average in the totals row', async () => {
    const sheet = (await read(files.ratings.xlsx)).getWorksheet('Ratings Report')!;
    expect(sheet.rowCount).toBe(12);
    expect([sheet.getRow(2).getCell(6).value, sheet.getRow(2).getCell(6).numFmt]).toEqual([stars[0], '0.00']);
    expect(sheet.getRow(2).getCell(7).value).toBe(comments[0]);
    const totals = sheet.getRow(12);
    expect(totals.getCell(1).value).toEqual({
      formula: '"Total ("&SUBTOTAL(103,A2:A11)&" rows)"',
      result: 'Total (10 rows)',
    });
    expect(totals.getCell(6).value).toEqual({
      formula: 'IF(SUBTOTAL(102,F2:F11)=0,"",SUBTOTAL(101,F2:F11))',
      result: 3.7,
    });
    expect(totals.getCell(6).numFmt).toBe('"Average "0.00');
  });

  it.each([
    ['jobs', 'Jobs Report', 'Billing frequency'],
    ['ratings', 'Ratings Report', 'Comments'],
  ] as const)(
    'prints the %s export on one landscape page for 10 rows, its last column and every job name whole',
    async (kind, title, lastHeader) => {
      const { pages, width, height } = await pdfPages(files[kind].pdf);
      expect(width).toBeGreaterThan(height);
      // The report's one page, then the one of "About this export": no column spilled onto a page of its own.
      expect(pages).toBe(2);
      const text = await pageText(files[kind].pdf, 1);
      expect(text).toContain(lastHeader);
      expect(text).toContain('Total (10 rows)');
      for (const name of jobNames) expect(text).toContain(name);
      expect(text).not.toContain('Another company’s paperwork');
      if (kind === 'ratings') {
        for (const comment of comments) expect(text).toContain(comment);
        expect(text).toContain('Average 3.70');
      } else {
        expect(text).toContain('13.30');
      }
      // The page header: the organization, the report and the range.
      expect(text).toContain(organizationName);
      expect(text).toContain(title);
      expect(text).toContain(range);
      expect(await pageText(files[kind].pdf, 2)).toContain('Event position');
    },
  );

  it('prints the header row and the page header again on every page of a long report', async () => {
    const pdf = join(work, 'long.pdf');
    const { pages } = await pdfPages(pdf);
    // 120 rows of three lines, then the filters' page.
    expect(pages).toBeGreaterThan(3);
    for (let page = 1; page < pages; page++) {
      const text = await pageText(pdf, page);
      expect(text).toContain('Visit Comments');
      expect(text).toContain(`${organizationName} Ratings Report ${range}`);
      expect(text).toContain(`Page ${page} of ${pages}`);
    }
  });
});
