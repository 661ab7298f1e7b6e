import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { within } from '../support/time';

const repoRoot = join(__dirname, '..', '..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Issue #27 item 6: a kill test that failed part-way left its app running after the suite had ended. */
describe('a suite whose test fails part-way', () => {
  it(
    'still stops every process it started',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'crewclock-fails-'));
      try {
        const pidFile = join(dir, 'pid');
        const config = join(dir, 'jest.config.json');
        writeFileSync(
          config,
          JSON.stringify({
            rootDir: repoRoot,
            roots: ['<rootDir>/test/support/fixtures'],
            testMatch: ['**/fails-part-way.fixture.ts'],
            transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } } }] },
            testEnvironment: 'node',
          }),
        );
        const run = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--config', config, '--ci'], {
          cwd: repoRoot,
          env: { ...process.env, STARTED_PID_FILE: pidFile },
          encoding: 'utf8',
          timeout: within(120_000),
        });
        expect(`${run.stdout}${run.stderr}`).toContain('failed part-way');
        expect(run.status).toBe(1);
        const pid = Number(readFileSync(pidFile, 'utf8'));
        expect(pid).toBeGreaterThan(0);
        // SIGKILL is delivered at once; the exit may take a moment to be reaped.
        const deadline = Date.now() + within(10_000);
        while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(alive(pid)).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    within(150_000),
  );
});
