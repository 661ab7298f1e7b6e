import { pgPool } from '../../src/core/postgres';
import { freshDatabase } from '../support/postgres';

describe('a database of its own per suite', () => {
  it('creates an empty database that a pool reaches, and drops it', async () => {
    const database = await freshDatabase('support');
    const pool = pgPool(database.url, { max: 1 });
    try {
      const { rows } = await pool.query('SELECT current_database() AS name, 9007199254740991::bigint AS big');
      expect(rows[0]).toEqual({ name: database.name, big: Number.MAX_SAFE_INTEGER });
    } finally {
      await pool.end();
      await database.drop();
    }
    const server = pgPool(new URL('/postgres', database.url).toString(), { max: 1 });
    const { rows } = await server.query('SELECT count(*) AS n FROM pg_database WHERE datname = $1', [database.name]);
    await server.end();
    expect(rows[0].n).toBe(0);
  });
});
