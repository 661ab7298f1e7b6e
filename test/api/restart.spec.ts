import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { IdentityLog } from '../support/identity-log';
import { ApiClient, startTestApp, TEST_PASSWORD } from '../support/app';

/**
 * The embedded default keeps its read models in DATA_DIR/read-models.sqlite: a restart opens them and
 * catches up from the checkpoints instead of replaying the log.
 */
describe('restart on the embedded engines', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-restart-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the stored read models and applies only the events appended since the stop', async () => {
    const first = await startTestApp({ DATA_DIR: dataDir });
    const org = await first.organization('Kept');
    await first.stop();

    // Appended while the app is down (as by a CLI command): the restart must apply these, and only these.
    const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const before = (await events.readAll()).length;
    await new IdentityLog(events, 2026).generate(25);
    const appended = (await events.readAll()).slice(before).map((e) => e.position.commit);
    await events.close();
    expect(appended).toHaveLength(25);

    // One runner applies today's read models and those of the past (a batch late), from their checkpoints.
    const processed = new Map<ProjectionRunner, number[]>();
    const original = (ProjectionRunner.prototype as unknown as { process(e: RecordedEvent): Promise<void> }).process;
    jest
      .spyOn(ProjectionRunner.prototype as unknown as { process(e: RecordedEvent): Promise<void> }, 'process')
      .mockImplementation(function (this: ProjectionRunner, event: RecordedEvent) {
        processed.set(this, [...(processed.get(this) ?? []), event.position.commit]);
        return original.call(this, event);
      });
    const second = await startTestApp({ DATA_DIR: dataDir });
    try {
      expect(second.engines.describe).toContain(`read models: SQLite (${join(dataDir, 'read-models.sqlite')})`);
      expect([...processed.values()]).toEqual([appended]);

      // What the first run built is there: its users sign in and its admin lists them.
      const admin = await new ApiClient(second.url).signIn(org.admin.email, TEST_PASSWORD);
      const users = JSON.stringify((await admin.get('/api/users/paged?pageSize=100')).body);
      for (const { email } of [org.admin, org.manager, org.associate]) expect(users).toContain(email);
    } finally {
      await second.stop();
    }
  });
});
