import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { within } from './time';

const repoRoot = join(__dirname, '..', '..');

/**
 * Every process a suite started and has not seen exit. A test that fails part-way skips its own stop, so the
 * suite's last hook kills whatever is left (after the suite's own afterAll, which stops them gracefully).
 */
const running = new Set<ChildProcess>();
if (typeof afterAll === 'function') afterAll(killRunning);

/** SIGKILL to every process the suite started that is still running (a suite that must stop them sooner calls it). */
export function killRunning(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Kills `child` with the suite if nothing else stopped it first. */
export function killedWithTheSuite<C extends ChildProcess>(child: C): C {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** A port free on 127.0.0.1 at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A process of the built app (`node dist/…`), its output so far and its exit. */
export interface Child {
  process: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
  output(): string;
}

/** The variables that choose the engines and topology of a process: a child is given its own, never the runner's. */
const ENGINE_VARIABLES = [
  'EVENTSTORE_URL',
  'DATABASE_URL',
  'MONGODB_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PROJECTIONS',
  'SESSION_SECRET',
] as const;

/** This process's environment without ENGINE_VARIABLES and `also`. */
export function withoutEngines(also: string[] = []): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [...ENGINE_VARIABLES, ...also]) delete base[key];
  return base;
}

/** The environment without the production engines' variables, so a child runs on what `env` says. */
export function embeddedEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = withoutEngines();
  // A password costs scrypt's 2^10 here (NODE_ENV=test allows it), not OWASP's 2^17: started-app.ts says why.
  return { ...base, NODE_ENV: 'test', SCRYPT_LOG_N: '10', LOG_LEVEL: 'warn', ...env };
}

/**
 * Starts `node <script>` from the repository's root with `env`; resolves once its output contains `ready`
 * (the app's 'CrewClock is running at', the worker's 'projections caught up'), rejects if it exits first.
 */
export async function startChild(script: string, env: NodeJS.ProcessEnv, ready: string, timeoutMs = within(60_000)) {
  const child = killedWithTheSuite(
    spawn(process.execPath, [script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A start that failed must not leave its process behind: the test that called it cannot stop it.
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      if (output.includes(ready)) done(resolve);
    }, 20);
    const done = (then: () => void) => {
      clearTimeout(timer);
      clearInterval(poll);
      then();
    };
    // A one-shot command (the rebuild) may print its line and exit between two polls.
    void exited.then((exit) =>
      done(() => (output.includes(ready) ? resolve() : reject(new Error(`${script} exited with ${exit}:\n${output}`)))),
    );
  });
  return { process: child, exited, output: () => output } satisfies Child;
}

/** kill -9, and its exit. */
export async function killHard(child: Child): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  await child.exited;
}

/** Polls /healthz until it answers 200 with the projections caught up. */
export async function healthy(url: string, timeoutMs = within(60_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      const body = (await response.json()) as { projections?: { caughtUp?: boolean } };
      last = `${response.status} ${JSON.stringify(body)}`;
      if (response.status === 200 && body.projections?.caughtUp) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not healthy within ${timeoutMs} ms: ${last}`);
}

/**
 * Starts an app again after a kill, on its old port unless that was taken while it was down (any outgoing
 * connection's ephemeral port may take it: then a free one); resolves with the process and the port it listens on.
 */
export async function startAgain(
  start: (port: number) => Promise<Child>,
  port: number,
): Promise<{ app: Child; port: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { app: await start(port), port };
    } catch (error) {
      if (attempt === 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
      port = await freePort();
    }
  }
}
