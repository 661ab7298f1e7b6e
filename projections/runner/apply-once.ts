import { DuplicateKeyError, Doc, ReadCollection, Update } from '../../src/core/read-store/read-store.port';

/**
 * Applies an update to the document built from one stream, at most once per stream revision: the
 * document remembers the last revision applied (`_rev`), and a replayed event matches nothing.
 * With upsert, a replay against a newer document collides on `_id` and is ignored.
 */
export async function applyOnce<T extends Doc>(
  collection: ReadCollection<T>,
  id: string,
  revision: number,
  update: Update,
  options: { upsert?: boolean } = {},
): Promise<boolean> {
  const $set = { ...((update.$set as object) ?? {}), _rev: revision };
  try {
    const result = await collection.updateOne({ _id: id, $or: [{ _rev: { $lt: revision } }, { _rev: { $exists: false } }] }, { ...update, $set }, options);
    return result.modifiedCount > 0 || result.upsertedId !== null;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}
