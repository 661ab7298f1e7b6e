// Child process of the kill -9 durability test: appends forever from a few concurrent writers and prints
// each event id on stdout as soon as its append has resolved (i.e. was acknowledged).
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';

const [filePath, writerCount = '4'] = process.argv.slice(2);
const store = new SqliteEventStore(filePath);

async function writer(streamId: string): Promise<void> {
  for (let revision = 0; ; revision++) {
    const id = randomUUID();
    const metadata = {
      organizationId: 'org-durability',
      actorUserId: null,
      correlationId: id,
      causationId: null,
      timestamp: new Date().toISOString(),
    };
    await store.append(
      streamId,
      [{ id, type: 'Ticked', data: { revision }, metadata }],
      revision === 0 ? 'no_stream' : revision - 1,
    );
    process.stdout.write(`${id}\n`);
  }
}

for (let i = 0; i < Number(writerCount); i++) {
  writer(`durability-${randomUUID()}`).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
