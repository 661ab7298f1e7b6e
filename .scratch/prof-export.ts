import { Writable } from 'node:stream';
import { loadConfig } from '../src/config/config';
import { openEngines } from '../src/core/engines';
import { reportTimersFilter, reportTimersInOrder } from '../src/timers/timers.read-models';
import { jobsReportRows } from '../src/reports/report-rows';
import { writeReportWorkbook } from '../src/reports/report-workbook';

async function main() {
  const engines = await openEngines(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/work/bench-data/m1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  const store = engines.readStore;
  const org = (await store.collection('organizations').find({}))[0]._id as string;
  const filter = reportTimersFilter(org, { from: '2024-01-01T00:00:00.000Z', to: '2030-01-01T00:00:00.000Z' }, {});
  let t = performance.now(); let n = 0;
  for await (const b of reportTimersInOrder(store, filter)) n += b.length;
  console.log('read', n, (performance.now() - t).toFixed(0), 'ms');
  t = performance.now(); n = 0;
  for await (const b of reportTimersInOrder(store, filter)) n += (await jobsReportRows(store, org, b)).length;
  console.log('read+join', n, (performance.now() - t).toFixed(0), 'ms');
  t = performance.now();
  const sink = new Writable({ write(_c, _e, cb) { cb(); } });
  async function* rows() { for await (const b of reportTimersInOrder(store, filter)) yield await jobsReportRows(store, org, b); }
  const cols = (await import('../src/reports/reports.queries')) as any;
  void cols;
  const { excelDate } = await import('../src/reports/report-workbook');
  const columns = [
    { header: 'Employee', width: 24, value: (r: any) => r.associateName },
    { header: 'Label', width: 24, value: (r: any) => r.label },
    { header: 'Type', width: 12, value: (r: any) => r.timerType },
    { header: 'Start', width: 22, value: (r: any) => excelDate(r.startDateTime, 'America/New_York'), numFmt: 'mm/dd/yyyy h:mm AM/PM' },
    { header: 'End', width: 22, value: (r: any) => excelDate(r.endDateTime, 'America/New_York'), numFmt: 'mm/dd/yyyy h:mm AM/PM' },
    { header: 'Hours', width: 10, value: (r: any) => r.hours, numFmt: '0.00', total: 'sum' as const },
    { header: 'ms', width: 10, value: (r: any) => r.mileageStart },
    { header: 'me', width: 10, value: (r: any) => r.mileageEnd },
    { header: 'mi', width: 10, value: (r: any) => r.mileageEnd },
    { header: 'Rating', width: 10, value: (r: any) => r.rating },
    { header: 'Job', width: 10, value: (r: any) => r.jobName },
    { header: 'Customer', width: 10, value: (r: any) => r.customerName },
    { header: 'Billing', width: 10, value: (r: any) => r.customerBillingFrequency },
  ];
  const written = await writeReportWorkbook(sink, 'x', columns, rows(), []);
  console.log('all', written, (performance.now() - t).toFixed(0), 'ms');
  t = performance.now();
  let k = 0; for (let i = 0; i < 150000 * 2; i++) if (excelDate('2025-03-01T14:00:00.000Z', 'America/New_York')) k++;
  console.log('excelDate x300k', (performance.now() - t).toFixed(0), 'ms');
  await engines.close();
}
main();
