import { Writable } from 'node:stream';
import { loadConfig } from '../src/config/config';
import { openEngines } from '../src/core/engines';
import { reportTimersFilter, reportTimersInOrder } from '../src/timers/timers.read-models';
import { jobsReportRows } from '../src/reports/report-rows';
import { writeReportWorkbook, excelDate } from '../src/reports/report-workbook';

async function main() {
  const engines = await openEngines(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/work/bench-data/m1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  const store = engines.readStore;
  const org = (await store.collection('organizations').find({}))[0]._id as string;
  const filter = reportTimersFilter(org, { from: '2020-01-01T00:00:00.000Z', to: '2030-01-01T00:00:00.000Z' }, {});
  let bytes = 0; let n = 0;
  const sink = new Writable({ write(c, _e, cb) { bytes += c.length; cb(); } });
  async function* rows() { for await (const b of reportTimersInOrder(store, filter)) { n += b.length; if (n % 20000 < 2000) { (global as any).gc(); { const st = require('fs').readFileSync('/proc/self/status','utf8'); const f = (k: string) => st.split('\n').find((l: string) => l.startsWith(k))?.replace(/\s+/g,' '); console.log(n, 'heapUsed', (process.memoryUsage().heapUsed/1e6).toFixed(0), f('RssAnon'), f('RssFile')); } } yield await jobsReportRows(store, org, b); } }
  const cols = ['associateName','label','timerType','startDateTime','endDateTime','hours','mileageStart','mileageEnd','rating','jobName','customerName','customerBillingFrequency'].map((k) => ({ header: k, width: 10, value: (r: any) => k.endsWith('DateTime') ? excelDate(r[k], 'America/New_York') : r[k] }));
  await writeReportWorkbook(sink, 'x', cols, rows(), []);
  console.log('done', n, bytes);
  await engines.close();
}
main();
