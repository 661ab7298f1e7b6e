import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { frontProxy } from './front';

/**
 * The production topology on one machine, without Docker (issue #25): two API instances and the projections worker
 * with a standby beside it, all on PostgreSQL (events, read models, files) with pushes fanned out through Redis, and
 * a front on one address. `npm run topology` runs it for a demo; the tests start it through `Topology.start` and kill
 * its processes. Every process is the built app (`dist/`), as `make start` runs it.
 */

export type ProcessName = 'api-a' | 'api-b' | 'worker' | 'standby';
export const PROCESS_NAMES: readonly ProcessName[] = ['api-a', 'api-b', 'worker', 'standby'];

export interface TopologyOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Shared by every process: the session secret and the mail outbox live there (nothing else, on PostgreSQL). */
  dataDir: string;
  /** The front's port; 0 picks a free one. */
  port?: number;
  /** Extra environment for every process (tests: SMTP, clocks). */
  env?: Record<string, string>;
  /** Where each process's output goes; kept in memory by default. */
  onOutput?: (name: ProcessName, text: string) => void;
}

interface Running {
  child: ChildProcess;
  output: string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** The repository: the nearest folder up with a package.json (this file runs from src/ in tests, dist/src/ built). */
const ROOT = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
const READY: Record<'api' | 'worker', string> = {
  api: 'CrewClock is running at',
  worker: 'projections caught up',
};
/** How long a process may take to say it is ready (a worker's first start builds every read model). */
const START_MS = 120_000;

export class Topology {
  readonly url: string;
  private readonly processes = new Map<ProcessName, Running>();
  private readonly ports = new Map<ProcessName, number>();

  private constructor(
    private readonly options: TopologyOptions,
    private readonly front: ReturnType<typeof frontProxy>,
    port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(options: TopologyOptions): Promise<Topology> {
    mkdirSync(options.dataDir, { recursive: true });
    let topology: Topology | null = null;
    const front = frontProxy(() =>
      (['api-a', 'api-b'] as const)
        .filter((name) => topology?.isRunning(name))
        .map((name) => ({ host: '127.0.0.1', port: topology!.ports.get(name)! })),
    );
    const port = await new Promise<number>((done) =>
      front.listen(options.port ?? 0, '127.0.0.1', () => done((front.address() as { port: number }).port)),
    );
    topology = new Topology(options, front, port);
    for (const name of ['api-a', 'api-b'] as const) topology.ports.set(name, await freePort());
    // The worker first: the API instances wait for it to apply what their commands append (read-your-writes).
    await topology.startProcess('worker');
    // Then one API instance alone: on an empty log it seeds the demo organization, once.
    await topology.startProcess('api-a');
    // The standby after the worker holds the lock, so that the names say which one leads at the start.
    await Promise.all([topology.startProcess('api-b'), topology.startProcess('standby', 'standing by')]);
    return topology;
  }

  /** The port an API instance listens on (to reach one instance directly). */
  portOf(name: 'api-a' | 'api-b'): number {
    return this.ports.get(name)!;
  }

  /** A running process's id (the bench reads its CPU time). */
  pidOf(name: ProcessName): number | undefined {
    return this.isRunning(name) ? this.processes.get(name)!.child.pid : undefined;
  }

  isRunning(name: ProcessName): boolean {
    const running = this.processes.get(name);
    return !!running && running.child.exitCode === null && running.child.signalCode === null;
  }

  output(name: ProcessName): string {
    return this.processes.get(name)?.output ?? '';
  }

  /** kill -9 of one process; resolves once it is gone. */
  async kill(name: ProcessName): Promise<void> {
    const running = this.processes.get(name);
    if (!running || !this.isRunning(name)) return;
    running.child.kill('SIGKILL');
    await running.exited;
  }

  /** Starts a process that was killed again, and resolves once it is ready (a worker: leading or standing by). */
  async restart(name: ProcessName): Promise<void> {
    if (this.isRunning(name)) return;
    if (name === 'worker' || name === 'standby') return this.startProcess(name, /caught up|standing by/);
    // The old port may have been taken while the instance was down (by any outgoing connection's ephemeral port):
    // then the instance comes back on another one, which the front reads per request.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startProcess(name);
      } catch (error) {
        if (attempt === 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
        this.ports.set(name, await freePort());
      }
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      PROCESS_NAMES.map(async (name) => {
        const running = this.processes.get(name);
        if (!running || !this.isRunning(name)) return;
        running.child.kill('SIGTERM');
        const killed = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
        await running.exited;
        clearTimeout(killed);
      }),
    );
    await new Promise((done) => this.front.close(() => done(null)));
  }

  private async startProcess(name: ProcessName, ready?: string | RegExp): Promise<void> {
    const api = name === 'api-a' || name === 'api-b';
    const port = api ? this.ports.get(name)! : 0;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: this.options.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      DATA_DIR: this.options.dataDir,
      PUBLIC_URL: this.url,
      ...(api ? { PORT: String(port), PROJECTIONS: 'external', TRUST_PROXY: '1' } : {}),
      ...this.options.env,
    };
    for (const key of ['EVENTSTORE_URL', 'MONGODB_URL']) delete env[key];
    const script = api ? 'dist/src/main.js' : 'dist/projections/runner/worker.js';
    const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const running: Running = {
      child,
      output: '',
      exited: new Promise((done) => child.on('exit', (code, signal) => done(signal ?? code))),
    };
    this.processes.set(name, running);
    const take = (chunk: Buffer) => {
      running.output += chunk.toString();
      this.options.onOutput?.(name, chunk.toString());
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const expected = ready ?? READY[api ? 'api' : 'worker'];
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(new Error(`${name} did not start within ${START_MS} ms:\n${running.output}`));
      }, START_MS);
      const poll = setInterval(() => {
        const ok = typeof expected === 'string' ? running.output.includes(expected) : expected.test(running.output);
        if (ok) finish(done);
      }, 20);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        clearInterval(poll);
        then();
      };
      void running.exited.then((exit) =>
        finish(() => fail(new Error(`${name} exited with ${String(exit)}:\n${running.output}`))),
      );
    });
  }
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}
