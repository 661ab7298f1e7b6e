import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

// FerretDB v1 embedded in a small Go program (test/support/ferretdb): a real MongoDB wire-protocol
// server for the contract and API suites, since MongoDB itself cannot be installed here.

const HELPER_DIR = join(__dirname, 'ferretdb');
const GO_BIN_DIR = '/usr/local/go/bin';

export interface FerretDbHandle {
  url: string;
  stop(): Promise<void>;
}

function goEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: [process.env.PATH, GO_BIN_DIR].filter(Boolean).join(delimiter) };
}

/** True when a `go` executable is on PATH or in /usr/local/go/bin. */
export function goAvailable(): boolean {
  const dirs = (goEnv().PATH ?? '').split(delimiter).filter(Boolean);
  return dirs.some((d) => existsSync(join(d, 'go')));
}

/**
 * The helper built from these sources, kept in the user's cache by their hash: every checkout of the same sources
 * (a clean clone each CI run) shares one build, which takes about 100 s on these machines.
 */
function binaryPath(): string {
  const hash = createHash('sha256');
  for (const file of ['main.go', 'go.mod', 'go.sum']) hash.update(readFileSync(join(HELPER_DIR, file)));
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'crewclock');
  return join(cache, `ferretdb-helper-${hash.digest('hex').slice(0, 16)}`);
}

async function build(binary: string): Promise<void> {
  mkdirSync(dirname(binary), { recursive: true });
  // Build beside the target and rename, so concurrent test runs never execute a half-written binary.
  const tmp = `${binary}.${process.pid}.tmp`;
  await promisify(execFile)('go', ['build', '-o', tmp, '.'], {
    cwd: HELPER_DIR,
    env: goEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  await rename(tmp, binary);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts FerretDB (sqlite handler, throwaway state dir). null when Go is not installed. */
export async function startFerretDb(): Promise<FerretDbHandle | null> {
  if (!goAvailable()) return null;
  const binary = binaryPath();
  if (!existsSync(binary)) await build(binary);

  const stateDir = await mkdtemp(join(tmpdir(), 'crewclock-ferretdb-'));
  const port = await freePort();
  const child = spawn(
    binary,
    ['-port', String(port), '-handler', 'sqlite', '-state-dir', stateDir, '-watch-stdin', '-remove-state-dir'],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('FerretDB did not start within 60 s')), 60_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n${stderr}`));
    };
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('mongodb://'));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`FerretDB helper exited with code ${code}`)));
  }).catch(async (err) => {
    await rm(stateDir, { recursive: true, force: true });
    throw err;
  });

  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timeout);
      }
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}

/** The same server URL with another database in its path (tests use a throwaway database each). */
export function withDatabase(url: string, db: string): string {
  return url.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)\/?[^?]*/, `$1/${db}`);
}
