import { randomBytes } from 'node:crypto';
import { pgConnection } from '../../src/core/postgres';

/** The machine's PostgreSQL (trust auth on 127.0.0.1); POSTGRES_URL points elsewhere. */
export const POSTGRES_SERVER = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A database of its own for one suite (each run, each file, its own: suites never see each other's rows), dropped by
 * `drop()`. Names start with crewclock_test_ so that leftovers of a killed run are easy to find and remove.
 */
export function freshDatabase(label: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  return emptyDatabase(
    `crewclock_test_${label
      .replace(/[^a-z0-9]/gi, '_')
      .slice(0, 20)
      .toLowerCase()}_${randomBytes(4).toString('hex')}`,
  );
}

/** The database `name` (lower case, digits and _), empty: dropped first if it was there (a benchmark's, kept between runs). */
export async function emptyDatabase(name: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  // WITH (FORCE) ends the connections a killed process left behind.
  const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop };
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
