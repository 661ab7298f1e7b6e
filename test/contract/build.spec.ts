import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { killedWithTheSuite } from '../support/children';
import { within } from '../support/time';

const repoRoot = join(__dirname, '..', '..');

/**
 * Issue #44 item 17: `make start` builds only what changed (scripts/build.sh), by the contents each build reads, and
 * two starts from one checkout never build over each other. Run on a checkout of the scripts whose builds are stand-ins
 * (a line in runs.log each; held while a file `hold` exists, failing while `fail` exists), so it takes seconds.
 */
const SOURCES = [
  'src/main.ts',
  'src/shared/wire.ts',
  'projections/read-model.ts',
  '.swcrc',
  'client/src/App.tsx',
  'client/public/favicon.svg',
  'client/scripts/precompress.mjs',
  'client/index.html',
  'client/vite.config.ts',
  'client/tsconfig.json',
  'client/tsconfig.node.json',
];

const STAND_IN = `
const { appendFileSync, existsSync, mkdirSync, writeFileSync } = require('node:fs');
const [name, output] = process.argv.slice(2);
appendFileSync('runs.log', name + '\\n');
const wait = setInterval(() => {
  if (existsSync('hold')) return;
  clearInterval(wait);
  if (existsSync('fail')) process.exit(1);
  mkdirSync(output, { recursive: true });
  writeFileSync(output + '/built.txt', name);
}, 50);
`;

function checkout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewclock-build-'));
  mkdirSync(join(dir, 'scripts'));
  for (const script of ['build.sh', 'install.sh', 'build-lock.sh', 'apt.sh'])
    copyFileSync(join(repoRoot, 'scripts', script), join(dir, 'scripts', script));
  const scripts = { 'build:server': 'node build.js server dist', 'build:client': 'node build.js client client/dist' };
  write(dir, 'package.json', JSON.stringify({ name: 'stand-in', private: true, scripts }));
  write(dir, 'client/package.json', JSON.stringify({ name: 'stand-in-client', private: true }));
  write(dir, 'build.js', STAND_IN);
  for (const source of SOURCES) write(dir, source, `// ${source}\n`);
  mkdirSync(join(dir, 'node_modules'));
  return dir;
}

function write(dir: string, path: string, content: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), content);
}

interface Build {
  output(): string;
  exited: Promise<number | null>;
}

function build(dir: string): Build {
  let output = '';
  const child = killedWithTheSuite(spawn('bash', ['scripts/build.sh'], { cwd: dir }));
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { output: () => output, exited };
}

async function built(dir: string): Promise<string> {
  const run = build(dir);
  expect(await run.exited).toBe(0);
  return run.output();
}

async function saying(run: Build, words: string): Promise<void> {
  const deadline = Date.now() + within(20_000);
  while (!run.output().includes(words)) {
    if (Date.now() > deadline) throw new Error(`never said "${words}": ${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The builds that ran since the last call. */
function runs(dir: string): string[] {
  const log = join(dir, 'runs.log');
  if (!existsSync(log)) return [];
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  rmSync(log);
  return lines;
}

describe('make start builds only what changed', () => {
  let dir: string;
  beforeEach(() => (dir = checkout()));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('builds a clean checkout, then nothing until a source changes, whatever the files’ times', async () => {
    await built(dir);
    expect(runs(dir)).toEqual(['server', 'client']);

    expect(await built(dir)).toContain('==> server: up to date\n==> client: up to date');
    expect(runs(dir)).toEqual([]);

    // A clone or a checkout gives every file a new time: the contents decide.
    const later = new Date(Date.now() + 60_000);
    for (const source of SOURCES) utimesSync(join(dir, source), later, later);
    await built(dir);
    expect(runs(dir)).toEqual([]);

    write(dir, 'projections/read-model.ts', '// changed\n');
    await built(dir);
    expect(runs(dir)).toEqual(['server']);

    write(dir, 'client/src/App.tsx', '// changed\n');
    await built(dir);
    expect(runs(dir)).toEqual(['client']);

    // The wire contract is in both.
    write(dir, 'src/shared/wire.ts', '// changed\n');
    await built(dir);
    expect(runs(dir)).toEqual(['server', 'client']);

    write(dir, 'client/src/Added.tsx', '// added\n');
    await built(dir);
    expect(runs(dir)).toEqual(['client']);
  });

  it('builds again after a build that failed', async () => {
    await built(dir);
    runs(dir);
    write(dir, 'src/main.ts', '// changed\n');
    write(dir, 'fail', '');
    const failed = build(dir);
    expect(await failed.exited).not.toBe(0);
    expect(runs(dir)).toEqual(['server']);

    rmSync(join(dir, 'fail'));
    await built(dir);
    expect(runs(dir)).toEqual(['server']);
  });

  it('lets a second start wait for the first one’s build, then find nothing to build', async () => {
    write(dir, 'hold', '');
    const first = build(dir);
    await saying(first, '==> building the server');
    const second = build(dir);
    await saying(second, '==> waiting for another install or build in this checkout to finish');

    rmSync(join(dir, 'hold'));
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
    expect(runs(dir)).toEqual(['server', 'client']);
    expect(second.output()).toContain('==> server: up to date\n==> client: up to date');
    expect(readFileSync(join(dir, 'dist/built.txt'), 'utf8')).toBe('server');
    expect(readFileSync(join(dir, 'client/dist/built.txt'), 'utf8')).toBe('client');
  });
});
