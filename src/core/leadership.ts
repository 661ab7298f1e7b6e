import { pgConnection, PgConnection } from './postgres';

/** How often a standby asks for the lock: a dead leader's place is taken within about this long. */
const STANDBY_POLL_MS = 1_000;

export interface Leadership {
  /** Resolves if the lock's connection is lost: the process must stop at once, since a standby may now lead. */
  readonly lost: Promise<Error>;
  /** Gives the lock up (a clean stop) and closes its connection. */
  release(): Promise<void>;
}

/**
 * One active process of a kind (the projections worker, the log's processes) with standbys beside it, on PostgreSQL:
 * the active one holds a session-level advisory lock on a connection of its own. PostgreSQL releases it the moment
 * that connection ends, killed process included, and a standby polling `pg_try_advisory_lock` takes over within
 * STANDBY_POLL_MS. Resolves once this process leads; `onStandby` is told once if it has to wait.
 */
export async function lead(
  databaseUrl: string,
  role: string,
  onStandby: () => void = () => undefined,
  pollMs = STANDBY_POLL_MS,
): Promise<Leadership> {
  let connection: PgConnection | null = null;
  let waiting = false;
  for (;;) {
    connection ??= await connect(databaseUrl, role);
    try {
      const { rows } = await connection.query<{ held: boolean }>(
        "SELECT pg_try_advisory_lock(hashtext('crewclock.lead'), hashtext($1)) AS held",
        [role],
      );
      if (rows[0].held) break;
    } catch {
      // The connection failed while waiting: a new one on the next round.
      await connection.end().catch(() => undefined);
      connection = null;
    }
    if (!waiting) {
      waiting = true;
      onStandby();
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const held = connection;
  let released = false;
  const lost = new Promise<Error>((resolve) => {
    const gone = (error?: Error) => {
      if (!released) resolve(error ?? new Error(`the ${role} lock's connection ended`));
    };
    held.once('error', gone);
    held.once('end', () => gone());
  });
  return {
    lost,
    async release() {
      released = true;
      await held.query("SELECT pg_advisory_unlock(hashtext('crewclock.lead'), hashtext($1))", [role]).catch(() => null);
      await held.end().catch(() => undefined);
    },
  };
}

async function connect(databaseUrl: string, role: string): Promise<PgConnection> {
  const connection = pgConnection(databaseUrl, `crewclock ${role}`);
  connection.on('error', () => undefined);
  await connection.connect();
  return connection;
}
