import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { killedWithTheSuite } from '../support/children';
import { within } from '../support/time';

const repoRoot = join(__dirname, '..', '..');
const ACKS_BEFORE_KILL = 300;

describe('SQLite event store durability', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'crewclock-durability-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps every acknowledged append when the writing process is killed with SIGKILL',
    async () => {
      const file = join(dir, 'events.db');
      const child = killedWithTheSuite(
        spawn(
          process.execPath,
          ['--require', './test/support/swc-register.js', 'test/support/append-child.ts', file, '4'],
          { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
        ),
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code)),
      );

      const acknowledged: string[] = [];
      for await (const line of createInterface({ input: child.stdout })) {
        acknowledged.push(line);
        if (acknowledged.length === ACKS_BEFORE_KILL) child.kill('SIGKILL'); // mid-stream: appends are in flight
      }
      expect({ exit: await exited, stderr }).toEqual({ exit: 'SIGKILL', stderr: '' });
      expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

      const reopened = new SqliteEventStore(file);
      try {
        const stored = await reopened.readAll();
        const storedIds = new Set(stored.map((e) => e.id));
        expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
        // And the log is consistent: every stream's revisions are contiguous from 0.
        const byStream = new Map<string, number[]>();
        stored.forEach((e) => byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]));
        byStream.forEach((revisions) => expect(revisions).toEqual(revisions.map((_, i) => i)));
      } finally {
        await reopened.close();
      }
    },
    within(60_000),
  );
});
