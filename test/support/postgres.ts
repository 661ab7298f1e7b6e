import { randomBytes } from 'node:crypto';
import { pgConnection } from '../../src/core/postgres';

/** The machine's PostgreSQL (trust auth on 127.0.0.1); POSTGRES_URL points elsewhere. */
export const POSTGRES_SERVER = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A database of its own for one suite (each run, each file, its own: suites never see each other's rows), dropped by
 * `drop()`. Names start with crewclock_test_ so that leftovers of a killed run are easy to find and remove.
 */
export async function freshDatabase(label: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `crewclock_test_${label
    .replace(/[^a-z0-9]/gi, '_')
    .slice(0, 20)
    .toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // WITH (FORCE) ends the connections a killed process left behind.
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(sql: string): Promise<void> {
  const connection = pgConnection(POSTGRES_SERVER, 'crewclock-tests');
  await connection.connect();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}
