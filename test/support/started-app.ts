import { spawn, ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, killedWithTheSuite } from './children';
import { within } from './time';

export { freePort };

export interface StartedApp {
  url: string;
  output: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app the way `make start` does (`node dist/src/main.js`) on a fresh data folder,
 * and resolves once it has printed that it is running (and, unless `demo` is false, the demo sign-ins).
 */
export async function startBuiltApp(
  env: Record<string, string> = {},
  { demo = true }: { demo?: boolean } = {},
): Promise<StartedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-started-'));
  const port = await freePort();
  const child: ChildProcess = killedWithTheSuite(
    spawn(process.execPath, ['dist/src/main.js'], {
      cwd: join(__dirname, '../..'),
      env: {
        ...process.env,
        // As make start runs it, except that a password costs scrypt's 2^10 rather than OWASP's 2^17 (allowed
        // only when NODE_ENV=test): the demo's accounts and every sign-in cost 0.5-2 s of a core each.
        NODE_ENV: 'test',
        SCRYPT_LOG_N: '10',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const startWithin = within(90_000);
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // the suite that asked cannot stop an app it never got
      reject(new Error(`app did not start within ${startWithin / 1000} s:\n${output}`));
    }, startWithin);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('CrewClock is running at') && (!demo || /Sign in with:[\s\S]*Associate/.test(output))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`app exited with ${code}:\n${output}`)));
  });
  await started;
  return {
    url: `http://127.0.0.1:${port}`,
    get output() {
      return output;
    },
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
