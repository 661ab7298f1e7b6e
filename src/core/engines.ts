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

export async function openEngines(config: AppConfig, log: (line: string) => void = () => undefined): Promise<Engines> {
  mkdirSync(config.dataDir, { recursive: true });
  // Production adapters load only when configured: their client libraries are large.
  const { eventStore, events } = await openEventStore(config);
  const mongo = config.mongodbUrl
    ? await (await import('./read-store/mongo-read-store')).MongoReadStore.connect(config.mongodbUrl)
    : null;
  // The read models persist: a restart opens them and catches up from their checkpoints.
  const readModels = join(config.dataDir, 'read-models.sqlite');
  const readStore: ReadStore = mongo ?? new SqliteReadStore(readModels);
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
  const describe = [
    `events: ${events}`,
    `read models: ${mongo ? 'MongoDB' : `SQLite (${readModels})`}`,
    `files: ${mongo ? 'GridFS' : filesPool ? 'PostgreSQL' : join(config.dataDir, 'files')}`,
    `mail: ${config.smtpUrl ? 'SMTP' : join(config.dataDir, 'outbox')}`,
    `push fan-out: ${redis ? 'Redis' : 'in-process'}`,
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

/** EventStoreDB (EVENTSTORE_URL), else PostgreSQL (DATABASE_URL), else SQLite in the data folder; and which. */
async function openEventStore(config: AppConfig): Promise<{ eventStore: EventStore; events: string }> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store');
    return { eventStore: new EventStoreDbEventStore(config.eventStoreUrl), events: 'EventStoreDB' };
  }
  if (config.databaseUrl) {
    const { PostgresEventStore } = await import('./event-store/postgres-event-store');
    // host:port/database: never the credentials, which the line would carry to the logs.
    const { host, pathname } = new URL(config.databaseUrl);
    return { eventStore: await PostgresEventStore.open(config.databaseUrl), events: `PostgreSQL (${host}${pathname})` };
  }
  const file = join(config.dataDir, 'events.sqlite');
  return { eventStore: new SqliteEventStore(file), events: `SQLite (${file})` };
}
