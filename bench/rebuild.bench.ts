/**
 * `npm run projections:rebuild` on the embedded default (SQLite events and read models), over a data
 * folder holding a few hundred thousand identity events (organizations, users, sessions:
 * test/support/identity-log.ts, appended by 16 writers at once through the event store port). Runs
 * the real rebuild entry as a child process and prints its events/s.
 *
 *   node --require ./test/support/swc-register.js bench/rebuild.bench.ts [events=300000] [data folder]
 *
 * A given folder that already holds events is rebuilt as it is (no fill): run twice to time twice.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../src/core/event-store/sqlite-event-store';
import { IdentityLog } from '../test/support/identity-log';

const WRITERS = 16;

async function main() {
  const count = Number(process.argv[2] ?? 300_000);
  const dir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'crewclock-rebuild-bench-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'events.sqlite');
  if (!existsSync(file)) {
    const started = Date.now();
    const store = new SqliteEventStore(file);
    const logs = Array.from({ length: WRITERS }, (_, i) => new IdentityLog(store, 1000 + i));
    await Promise.all(logs.map((log) => log.generate(Math.ceil(count / WRITERS))));
    await store.close();
    const seconds = (Date.now() - started) / 1000;
    console.log(`filled ${dir} with ${count} events in ${seconds.toFixed(1)} s`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  for (const key of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL', 'SMTP_URL', 'REBUILD_RESUME']) delete env[key];
  env.REBUILD_PROGRESS = 'lines';
  const run = spawnSync(
    process.execPath,
    ['--require', './test/support/swc-register.js', 'projections/runner/rebuild.ts'],
    { cwd: join(__dirname, '..'), env, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  if (run.status !== 0) throw new Error(`rebuild exited with ${run.status}: ${run.stderr}`);
  const summary = /Read models rebuilt from (\d+) events in ([\d.]+) s\./.exec(run.stdout);
  if (!summary) throw new Error(`no summary in the rebuild's output: ${run.stdout.slice(-500)}`);
  const [events, seconds] = [Number(summary[1]), Number(summary[2])];
  console.log(
    `${summary[0]} ${Math.round(events / seconds)} events/s (batches of ${env.REBUILD_CHECKPOINT_EVERY ?? 500})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
