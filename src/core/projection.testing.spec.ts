import type { RecordedEvent } from './event-store/event-store.port';
import { eventLog, projection, SpecifiedProjection } from './projection.testing';

/** A tally of events per stream: guarded by revision (idempotent) or not (counts a replay twice). */
const tally = (guarded: boolean): SpecifiedProjection => ({
  name: 'tally',
  collections: ['tallies'],
  async apply(event: RecordedEvent, { store, notify }) {
    const tallies = store.collection<{ _id: string; count: number; rev: number }>('tallies');
    const current = await tallies.findOne({ _id: event.streamId });
    if (guarded && current && current.rev >= event.revision) return;
    await tallies.replaceOne(
      { _id: event.streamId },
      { _id: event.streamId, count: (current?.count ?? 0) + 1, rev: event.revision },
      { upsert: true },
    );
    notify({ counted: event.streamId });
  },
});

describe('projection specification', () => {
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: 'org-1' })));
  const counted = (stream: string) => log.event(stream, { type: 'Counted', data: {} });

  it('compares the documents the events build, in any order', async () => {
    await projection(tally(true))
      .given(counted('b-1'), counted('a-1'), counted('b-1'))
      .then('tallies', [
        { _id: 'b-1', count: 2, rev: 1 },
        { _id: 'a-1', count: 1, rev: 0 },
      ]);
    await expect(projection(tally(true)).given(counted('c-1')).then('tallies', [])).rejects.toThrow();
  });

  it('fails a projection that a replay of the log changes', async () => {
    const events = [counted('a-1'), counted('a-1')];
    await expect(
      projection(tally(false))
        .given(...events)
        .then('tallies', [expect.anything()]),
    ).rejects.toThrow(/replayedFrom/);
    await projection(tally(true))
      .given(...events)
      .then('tallies', [{ _id: 'a-1', count: 2, rev: 1 }]);
  });

  it('says when a collection holds nothing, and what one delivery pushed', async () => {
    await projection(tally(true)).given().thenNothing();
    await expect(projection(tally(true)).given(counted('a-1')).thenNothing()).rejects.toThrow();
    expect(await projection(tally(true)).given(counted('a-1'), counted('b-1')).effects()).toEqual({
      notices: [{ counted: 'a-1' }, { counted: 'b-1' }],
    });
  });

  it('numbers revisions per stream and positions per log, two events of one append at one position', () => {
    const [a, b, c, d] = [
      counted('a-1'),
      counted('b-1'),
      counted('a-1'),
      log.event('a-1', { type: 'Counted', data: {} }, { samePosition: true }),
    ];
    expect([a, b, c, d].map((e) => [e.revision, e.position.commit])).toEqual([
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(c.metadata.timestamp).toBe('2030-01-01T10:03:00.000Z');
    expect(log.at(3)).toBe(c.metadata.timestamp);
  });
});
