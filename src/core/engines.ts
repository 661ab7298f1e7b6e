import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { AppConfig } from '../config/config';
import { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { ReadStore } from './read-store/read-store.port';
import { SqliteReadStore } from './read-store/sqlite-read-store';
import { FileStore } from './files/files.port';
import { FolderFileStore } from './files/folder-file-store';
import { Mailer } from './mail/mail.port';
import { OutboxMailer } from './mail/outbox-mailer';
import { redisConnection, RedisClient } from './redis';

/** The engines behind the ports: embedded by default, the production ones where a URL is set. */
export interface Engines {
  eventStore: EventStore;
  readStore: ReadStore;
  files: FileStore;
  mailer: Mailer;
  redis: RedisClient | null;
  describe: string;
  close(): Promise<void>;
}

/**
 * Which engine serves each port, from the configuration: an explicit EventStoreDB or MongoDB URL first (the design's
 * engines), else PostgreSQL for everything when DATABASE_URL is set, else the embedded engines in the data folder.
 * `/healthz` names them for operators; the start-up line says where, never with credentials.
 */
export function engineNames(config: AppConfig) {
  return {
    events: config.eventStoreUrl ? 'EventStoreDB' : config.databaseUrl ? 'PostgreSQL' : 'SQLite',
    readModels: config.mongodbUrl ? 'MongoDB' : config.databaseUrl ? 'PostgreSQL' : 'SQLite',
    files: config.mongodbUrl ? 'GridFS' : config.databaseUrl ? 'PostgreSQL' : 'folder',
    mail: config.smtpUrl ? 'SMTP' : 'outbox folder',
    pushFanOut: config.redisUrl ? 'Redis' : 'in-process',
  } as const;
}

export async function openEngines(config: AppConfig, log: (line: string) => void = () => undefined): Promise<Engines> {
  mkdirSync(config.dataDir, { recursive: true });
  const names = engineNames(config);
  // Production adapters load only when configured: their client libraries are large.
  const eventStore = await openEventStore(config);
  const mongo = config.mongodbUrl
    ? await (await import('./read-store/mongo-read-store')).MongoReadStore.connect(config.mongodbUrl)
    : null;
  // The read models persist: a restart opens them and catches up from their checkpoints.
  const readModels = join(config.dataDir, 'read-models.sqlite');
  const readStore: ReadStore =
    mongo ??
    (config.databaseUrl
      ? new (await import('./read-store/postgres-read-store')).PostgresReadStore(config.databaseUrl)
      : new SqliteReadStore(readModels));
  // Files go where every instance reaches them: GridFS beside MongoDB, else PostgreSQL, else the data folder.
  const filesPool =
    !mongo && config.databaseUrl
      ? (await import('./postgres')).pgPool(config.databaseUrl, { max: 4, name: 'crewclock-files' })
      : null;
  const files = mongo
    ? mongo.fileStore()
    : filesPool
      ? new (await import('./files/postgres-file-store')).PostgresFileStore(filesPool)
      : new FolderFileStore(join(config.dataDir, 'files'));
  const mailer = config.smtpUrl
    ? new (await import('./mail/smtp-mailer')).SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(join(config.dataDir, 'outbox'), log);
  const redis = config.redisUrl ? redisConnection(config.redisUrl) : null;
  const where = (name: string, embedded: string) =>
    name === 'PostgreSQL'
      ? `PostgreSQL (${databaseName(config.databaseUrl!)})`
      : name === 'SQLite'
        ? `SQLite (${embedded})`
        : name;
  const describe = [
    `events: ${where(names.events, join(config.dataDir, 'events.sqlite'))}`,
    `read models: ${where(names.readModels, readModels)}`,
    `files: ${names.files === 'folder' ? join(config.dataDir, 'files') : names.files}`,
    `mail: ${config.smtpUrl ? 'SMTP' : join(config.dataDir, 'outbox')}`,
    `push fan-out: ${names.pushFanOut}`,
  ].join('; ');
  return {
    eventStore,
    readStore,
    files,
    mailer,
    redis,
    describe,
    async close() {
      await eventStore.close();
      await readStore.close();
      await filesPool?.end();
      redis?.disconnect();
    },
  };
}

/** EventStoreDB (EVENTSTORE_URL), else PostgreSQL (DATABASE_URL), else SQLite in the data folder. */
export async function openEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreUrl)
    return new (await import('./event-store/eventstoredb-event-store')).EventStoreDbEventStore(config.eventStoreUrl);
  if (config.databaseUrl)
    return (await import('./event-store/postgres-event-store')).PostgresEventStore.open(config.databaseUrl);
  return new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
}

/** The database a URL names, without its credentials: what a log line may show. */
function databaseName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
