import { Child, embeddedEnv, healthy, killHard, startAgain, startChild } from './children';
import { freePort } from './started-app';

/**
 * The topologies the kill tests (rating requests, visit reminders) kill processes of at random: the built app alone,
 * and two API instances with the projections worker over Redis. `env` is what every process gets on top of the
 * embedded default (a process's tick, say).
 */
export interface KilledTopology {
  /** Instances that take HTTP requests (at least one is up between kills). */
  urls(): string[];
  /** Kills one of its processes at random and starts it again; says which. */
  killOne(): Promise<string>;
  stop(): Promise<void>;
  demoOutput(): string;
}

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const appEnv = (dataDir: string, port: number, env: Record<string, string>) =>
  embeddedEnv({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
const startApp = (dataDir: string, port: number, env: Record<string, string>) =>
  startChild('dist/src/main.js', appEnv(dataDir, port, env), 'CrewClock is running at');

/** The built app on `dataDir` (`env` may name other engines), killed and started again on a free port. */
export async function singleInstance(dataDir: string, env: Record<string, string>): Promise<KilledTopology> {
  let port = await freePort();
  const url = () => `http://127.0.0.1:${port}`;
  let app: Child = await startApp(dataDir, port, env);
  const firstOutput = app.output();
  await healthy(url());
  return {
    urls: () => [url()],
    async killOne() {
      await killHard(app);
      ({ app, port } = await startAgain((on) => startApp(dataDir, on, env), port));
      await healthy(url());
      return 'app';
    },
    stop: () => killHard(app),
    demoOutput: () => firstOutput,
  };
}

/**
 * Two API instances (PROJECTIONS=external, REDIS_URL) and the projections worker, which runs the log's processes:
 * the worker is killed `workerShare` of the time, else one of the APIs.
 */
export async function instancesAndWorker(
  dataDir: string,
  env: Record<string, string>,
  workerShare = 0.5,
): Promise<KilledTopology> {
  const external = { ...env, PROJECTIONS: 'external', REDIS_URL };
  const workerEnv = { ...appEnv(dataDir, 0, external), LOG_LEVEL: 'info' };
  const startWorker = () => startChild('dist/projections/runner/worker.js', workerEnv, 'projections caught up');
  const ports = [await freePort(), await freePort()];
  const urls = () => ports.map((p) => `http://127.0.0.1:${p}`);
  let worker = await startWorker();
  // One after the other: the first seeds the demo organization, the second finds it.
  const apps: Child[] = [];
  for (const port of ports) apps.push(await startApp(dataDir, port, external));
  const firstOutput = apps[0].output();
  for (const url of urls()) await healthy(url);
  return {
    urls,
    async killOne() {
      const which = Math.random() < workerShare ? 2 : Math.floor(Math.random() * 2);
      if (which === 2) {
        await killHard(worker);
        worker = await startWorker();
        return 'worker';
      }
      await killHard(apps[which]);
      ({ app: apps[which], port: ports[which] } = await startAgain(
        (on) => startApp(dataDir, on, external),
        ports[which],
      ));
      await healthy(urls()[which]);
      return `api ${which + 1}`;
    },
    async stop() {
      await Promise.all([...apps, worker].map(killHard));
    },
    demoOutput: () => firstOutput,
  };
}
