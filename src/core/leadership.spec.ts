import { spawn } from 'node:child_process';
import { lead } from './leadership';
import { pgPool } from './postgres';
import { freshDatabase } from '../../test/support/postgres';

describe('one leader of a kind on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase('leadership');
  });
  afterAll(() => database.drop());

  it('lets one lead; a standby takes over when the leader releases, and other roles are apart', async () => {
    const first = await lead(database.url, 'projections');
    let standbyTold = 0;
    const second = lead(database.url, 'projections', () => standbyTold++, 50);
    const other = await lead(database.url, 'reminders');
    let secondLeads = false;
    void second.then(() => (secondLeads = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondLeads).toBe(false);
    expect(standbyTold).toBe(1);
    await first.release();
    const now = await second;
    expect(secondLeads).toBe(true);
    await now.release();
    await other.release();
  });

  it('frees the lock when the leading process dies (kill -9), and tells a leader whose connection is gone', async () => {
    // A process that leads, says so, then waits to be killed.
    const script = `
      require('${require.resolve('../../test/support/swc-register.js')}');
      const { lead } = require('${__dirname}/leadership.ts');
      lead(process.argv[1], 'worker').then(() => { console.log('leading'); setInterval(() => {}, 1000); });
    `;
    const child = spawn(process.execPath, ['-e', script, database.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout!.on('data', (d) => String(d).includes('leading') && resolve()));
    const standby = lead(database.url, 'worker', () => undefined, 50);
    child.kill('SIGKILL');
    const leader = await standby;
    // Its connection ended by the server: `lost` settles.
    const pool = pgPool(database.url, { max: 1 });
    await pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'crewclock worker'",
    );
    await pool.end();
    await expect(leader.lost).resolves.toBeInstanceOf(Error);
    await leader.release();
  });
});
