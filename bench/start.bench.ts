/**
 * Starts the built server (dist/src/main.js, `npm run build:server`) on a data folder twice and times
 * each start to a healthy, caught-up `/healthz`, with the process's RSS then:
 *
 *   npm run bench:start -- --dir PATH [--keep-read-models]
 *
 * The first start has no read models (they are removed first, unless --keep-read-models): the
 * in-process projections build them from the whole log. The second start finds their checkpoints
 * and only catches up. Fill a folder with `npm run bench:data -- --events N --dir PATH`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../test/support/started-app';

const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'dist/src/main.js');
const POLL_MS = 100;
const TIMEOUT_MS = 60 * 60_000;

export interface Start {
  label: string;
  /** Spawn to the first answer from /healthz, whatever it says (a first start answers 503 "building: N %"). */
  answeringSeconds: number;
  /** Spawn to the first 200 from /healthz. */
  healthySeconds: number;
  /** Spawn to the first answer whose projections have caught up with the log. */
  caughtUpSeconds: number;
  events: number | null;
  rssMb: number;
  peakRssMb: number;
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const line = status.split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Number.parseInt(line.slice(field.length + 1).trim(), 10) : NaN;
  };
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function health(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { projections?: { caughtUp?: boolean; headPosition?: number | null } };
    return { answered: true, ok: response.status === 200, caughtUp: body.projections?.caughtUp === true, body };
  } catch {
    return { answered: false, ok: false, caughtUp: false, body: null };
  }
}

/** The built server started on a data folder, caught up: its start's figures, its URL, and how to stop it. */
export interface RunningServer {
  start: Start;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function start(dir: string, label: string): Promise<Start> {
  const server = await startServer(dir, label);
  await server.stop();
  return server.start;
}

export async function startServer(dir: string, label: string): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn' };
  for (const key of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL', 'SMTP_URL', 'PROJECTIONS', 'NODE_ENV'])
    delete env[key];
  const began = performance.now();
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const url = `http://127.0.0.1:${port}/healthz`;
  let answeringSeconds = NaN;
  let healthySeconds = NaN;
  const stop = async () => {
    if (exited !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };
  try {
    for (;;) {
      if (exited !== null) throw new Error(`the server exited with ${exited} during its start`);
      if (performance.now() - began > TIMEOUT_MS) throw new Error('no healthy /healthz within the time limit');
      const answer = await health(url);
      const seconds = (performance.now() - began) / 1000;
      if (answer.answered && Number.isNaN(answeringSeconds)) answeringSeconds = seconds;
      if (answer.ok && Number.isNaN(healthySeconds)) healthySeconds = seconds;
      if (answer.ok && answer.caughtUp) {
        const { rss, peak } = memory(child.pid!);
        const start = {
          label,
          answeringSeconds,
          healthySeconds,
          caughtUpSeconds: seconds,
          events: answer.body?.projections?.headPosition ?? null,
          rssMb: rss,
          peakRssMb: peak,
        };
        return { start, url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Removes a folder's read models, so that the next start builds them from the whole log. */
export function removeReadModels(dir: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, `read-models.sqlite${suffix}`), { force: true });
}

async function main() {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--dir');
  if (at < 0 || !argv[at + 1]) throw new Error('usage: bench/start.bench.ts --dir PATH [--keep-read-models]');
  const dir = resolve(argv[at + 1]);
  if (!existsSync(join(dir, 'events.sqlite'))) throw new Error(`no events.sqlite in ${dir}: run npm run bench:data`);
  if (!existsSync(MAIN)) throw new Error(`no ${MAIN}: run npm run build:server first`);
  const keep = argv.includes('--keep-read-models');
  if (!keep) removeReadModels(dir);

  const starts = [
    await start(dir, keep ? 'first (the read models the folder had)' : 'first (read models from scratch)'),
    await start(dir, 'second (restart from checkpoints)'),
  ];
  const rows = [
    ['start', 'events', 'to answering s', 'to healthy s', 'to caught up s', 'RSS MB', 'peak RSS MB'],
    ...starts.map((s) => [
      s.label,
      String(s.events ?? '-'),
      s.answeringSeconds.toFixed(1),
      s.healthySeconds.toFixed(1),
      s.caughtUpSeconds.toFixed(1),
      s.rssMb.toFixed(0),
      s.peakRssMb.toFixed(0),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    console.log(row.map((cell, i) => (i ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  '));
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
