import { Doc, ReadCollection, Update } from '../../src/core/read-store/read-store.port';

/**
 * Applies an update to the document built from one stream, at most once per stream revision: the
 * document remembers the last revision applied (`_rev`), and a replayed event changes nothing.
 * Reads then writes by `_id` alone (each projection is the only writer of its documents), because a
 * filter on `_id` plus `_rev` makes FerretDB scan the whole collection.
 */
export async function applyOnce<T extends Doc>(
  collection: ReadCollection<T>,
  id: string,
  revision: number,
  update: Update,
  options: { upsert?: boolean } = {},
): Promise<boolean> {
  const current = (await collection.findOne({ _id: id })) as (T & { _rev?: number }) | null;
  if (current && current._rev !== undefined && current._rev >= revision) return false;
  if (!current && !options.upsert) return false;
  const $set = { ...((update.$set as object) ?? {}), _rev: revision };
  const result = await collection.updateOne({ _id: id }, { ...update, $set }, { upsert: options.upsert });
  return result.modifiedCount > 0 || result.upsertedId !== null;
}
