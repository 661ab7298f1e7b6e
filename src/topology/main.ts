import { resolve } from 'node:path';
import { pgConnection } from '../core/postgres';
import { PROCESS_NAMES, Topology } from './topology';
import { growHeapSlowly } from '../core/heap-growth';

const USAGE = `npm run topology -- [--database postgres://…/crewclock] [--redis redis://127.0.0.1:6379] [--port 3000] [--data ./data-topology]`;

/** `npm run topology`: the production topology on this machine, for a demo (see topology.ts). */
async function main() {
  growHeapSlowly();
  const argv = process.argv.slice(2);
  const value = (name: string, fallback: string) => {
    const at = argv.indexOf(name);
    return at >= 0 && argv[at + 1] ? argv[at + 1] : fallback;
  };
  if (argv.includes('--help')) return console.log(USAGE);
  const databaseUrl = value('--database', 'postgres://postgres@127.0.0.1:5432/crewclock');
  const port = Number(value('--port', '3000'));
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`--port must be a port number\n${USAGE}`);
  await createDatabaseIfMissing(databaseUrl);
  const topology = await Topology.start({
    databaseUrl,
    redisUrl: value('--redis', 'redis://127.0.0.1:6379'),
    dataDir: resolve(value('--data', './data-topology')),
    port,
    onOutput: (name, text) => process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `)),
  });
  console.log(
    `\nCrewClock topology is running at ${topology.url}: ${PROCESS_NAMES.join(', ')} on ${redact(databaseUrl)}.` +
      `\nAPI instances at :${topology.portOf('api-a')} and :${topology.portOf('api-b')}. Ctrl+C stops them all.\n`,
  );
  const stop = () => void topology.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The topology's database on the server the URL names, created on the first run. */
async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`Name the database in lower case letters, digits and _: "${name}"`);
  url.pathname = '/postgres';
  const server = pgConnection(url.toString(), 'crewclock topology');
  await server.connect();
  try {
    const { rows } = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rows.length) await server.query(`CREATE DATABASE ${name}`);
  } finally {
    await server.end();
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:…@');

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
