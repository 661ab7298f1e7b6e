import pg from 'pg';

/**
 * Everything that talks to PostgreSQL goes through here, so that exactly one file imports its client: the event log
 * (event-store/postgres-event-store.ts), the read models (read-store/postgres-read-store.ts) and files.
 */
export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient;

// bigint (int8) columns come back as numbers: log positions stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A pool on `url`; `max` connections at most. Errors of idle clients are reported, never thrown at the process. */
export function pgPool(url: string, options: { max?: number; name?: string } = {}): PgPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.name ?? 'crewclock',
  });
  pool.on('error', () => undefined);
  return pool;
}

/** One connection of its own, outside any pool (LISTEN needs one that stays). */
export function pgConnection(url: string, name = 'crewclock'): pg.Client {
  return new pg.Client({ connectionString: url, application_name: name });
}
export type PgConnection = pg.Client;

/** Runs `work` in one transaction on a client of `pool`: COMMIT when it resolves, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
