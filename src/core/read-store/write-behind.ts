import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';
import { applyOperators, assertSameId, clone, isPlainObject } from './mongo-semantics';
import { AnyDoc, Filter, Update, UpdateResult } from './read-store.port';

/** A document's state at the end of a unit: the whole document, or null when it was deleted. */
export interface StagedWrite {
  _id: string;
  doc: AnyDoc | null;
}

/**
 * Write-behind for a store without transactions (MongoDB here: FerretDB v1 has none), used by its
 * `transaction(work)`: reads and writes of one document by its `_id` — nearly every write a projection
 * makes — are answered from and staged in memory, and the documents a unit changed reach the server at
 * its end as one bulk write per collection, the collection written last flushed last (the runner's
 * checkpoints). Any other operation first flushes what is staged, so it sees every earlier write, and a
 * write of that kind also drops the collection's memory (it may change documents held there).
 *
 * Not atomic: a crash during the flush leaves some collections written and not the checkpoints, and the
 * runner applies those events again, which its idempotent writes allow. A unit that throws discards
 * what it has not flushed. A unique index other than `_id` is checked by the server only at the flush.
 */
export class WriteBehind {
  private readonly units = new AsyncLocalStorage<Unit>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly write: (collection: string, writes: StagedWrite[]) => Promise<void>) {}

  /** The unit the calling code runs in, if any. */
  get current(): Unit | undefined {
    return this.units.getStore();
  }

  /** Runs `work` as one unit, after the units before it; a unit started inside another joins it. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current) return work();
    const result = this.queue.then(async () => {
      const unit = new Unit(this.write);
      const value = await this.units.run(unit, work);
      await unit.flush();
      return value;
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/**
 * An update by `_id` inside a unit, as MongoDB answers it: `current` is the unit's private copy of the document (null:
 * none), which the operators change in place; `stage` is the document's new state for the unit to keep (null: no
 * write).
 */
export function updatedById(
  id: string,
  current: AnyDoc | null,
  ops: Update,
  setOnInsert: unknown,
  filter: Filter,
  upsert: boolean,
): { stage: AnyDoc | null; result: UpdateResult } {
  if (current) {
    const changed = applyOperators(current, ops, filter);
    assertSameId({ _id: id }, current);
    return {
      stage: changed ? current : null,
      result: { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null },
    };
  }
  if (!upsert) return { stage: null, result: { matchedCount: 0, modifiedCount: 0, upsertedId: null } };
  const inserted: AnyDoc = { _id: id };
  applyOperators(inserted, ops);
  if (setOnInsert) applyOperators(inserted, { $set: setOnInsert });
  assertSameId({ _id: id }, inserted);
  return { stage: inserted, result: { matchedCount: 0, modifiedCount: 0, upsertedId: id } };
}

/** The `_id`s a filter pins when it is `{ _id: { $in: ['<string>', …] } }` and nothing else. */
export function pinnedIds(filter: Filter): string[] | null {
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id' || !isPlainObject(filter._id)) return null;
  const condition = filter._id as Record<string, unknown>;
  const ids = condition.$in;
  if (Object.keys(condition).length !== 1 || !Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
    return null;
  return ids as string[];
}

/** The `_id` a filter pins when it is `{ _id: '<string>' }` and nothing else. */
export function pinnedId(filter: Filter): string | null {
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === '_id' && typeof filter._id === 'string' ? filter._id : null;
}

export class Unit {
  /** Per collection, the documents known in this unit (null: known not to exist). */
  private readonly known = new Map<string, Map<string, AnyDoc | null>>();
  /** Per collection, the ids staged since the last flush; collections in order of their last write. */
  private readonly dirty = new Map<string, Set<string>>();

  constructor(private readonly write: (collection: string, writes: StagedWrite[]) => Promise<void>) {}

  /** The document as this unit sees it (a private copy), reading the server once per document. */
  async get(collection: string, id: string, read: () => Promise<AnyDoc | null>): Promise<AnyDoc | null> {
    let docs = this.known.get(collection);
    if (!docs) this.known.set(collection, (docs = new Map()));
    if (!docs.has(id)) docs.set(id, await read());
    const doc = docs.get(id) ?? null;
    return doc && clone(doc);
  }

  /** Whether this unit has a state of the document (staged, read, or known not to exist). */
  knows(collection: string, id: string): boolean {
    return this.known.get(collection)?.has(id) ?? false;
  }

  /**
   * Learns documents read from the server in one go (null: known not to exist), as get() would have read each: only
   * those this unit has no state of. Call it right after flushing the collection, when what it knows is what is stored.
   */
  learn(collection: string, docs: Map<string, AnyDoc | null>): void {
    let known = this.known.get(collection);
    if (!known) this.known.set(collection, (known = new Map()));
    for (const [id, doc] of docs) if (!known.has(id)) known.set(id, doc && clone(doc));
  }

  /**
   * Stages the document's new state (null: deleted); false when it equals the state known. `owned`: the caller hands
   * over a copy of its own (the document as stored, parsed anew), which the unit keeps as it is.
   */
  stage(collection: string, id: string, doc: AnyDoc | null, owned = false): boolean {
    const docs = this.known.get(collection) ?? new Map<string, AnyDoc | null>();
    if (!owned) doc = doc && clone(doc);
    if (docs.has(id) && isDeepStrictEqual(docs.get(id) ?? null, doc)) return false;
    this.known.set(collection, docs);
    docs.set(id, doc);
    // Re-inserted, so the collection written last is flushed last (the runner's checkpoints).
    const dirty = this.dirty.get(collection) ?? new Set<string>();
    this.dirty.delete(collection);
    this.dirty.set(collection, dirty.add(id));
    return true;
  }

  /** Writes what is staged, one bulk write per collection; the memory of what is known stays valid. */
  async flush(): Promise<void> {
    for (const [collection, ids] of this.dirty) {
      const docs = this.known.get(collection)!;
      await this.write(
        collection,
        [...ids].map((_id) => ({ _id, doc: docs.get(_id) ?? null })),
      );
      this.dirty.delete(collection);
    }
  }

  /**
   * Writes what is staged for one collection only. For a store whose unit is one transaction (PostgreSQL), where the
   * order of the flushes does not matter: a read of one table needs only that table's staged writes, and the other
   * collections' documents keep piling up for one bulk write at the unit's end.
   */
  async flushOne(collection: string): Promise<void> {
    const ids = this.dirty.get(collection);
    if (!ids) return;
    const docs = this.known.get(collection)!;
    this.dirty.delete(collection);
    await this.write(
      collection,
      [...ids].map((_id) => ({ _id, doc: docs.get(_id) ?? null })),
    );
  }

  /** Flushes, then forgets the collection: a write that is not by `_id` may change any of its documents. */
  async flushAndForget(collection: string): Promise<void> {
    await this.flush();
    this.known.delete(collection);
  }

  /** A dropped collection: what was staged for it is moot. */
  dropped(collection: string): void {
    this.known.delete(collection);
    this.dirty.delete(collection);
  }
}
