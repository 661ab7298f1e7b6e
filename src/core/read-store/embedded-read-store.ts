import { randomUUID } from 'node:crypto';
import { Context, Query, update as applyUpdate } from 'mingo';
import {
  AnyDoc,
  Doc,
  DuplicateKeyError,
  Filter,
  FindOptions,
  ReadCollection,
  ReadStore,
  Update,
  UpdateResult,
} from './read-store.port';

// Subpath modules of mingo are loaded with require: this project's `moduleResolution: node` cannot
// see package `exports`, so their types come from mingo's `types/` folder instead.
/**
 * mingo's `update()` rebuilds its whole operator context on every call (~0.2 ms, most of an
 * idempotent projection write), so plain updates call the operator functions directly; positional
 * updates (`a.$.b`), which need the filter, still go through `update()`.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- mingo's subpaths resolve only through its package exports, which "node" module resolution does not read */
const UPDATE_OPERATORS = require('mingo/operators/update') as typeof import('mingo/types/operators/update');
const { Query: BareQuery } = require('mingo/query') as typeof import('mingo/types/query');
/**
 * Matching (not find) uses a context holding only the query operators: each query copies its
 * context, and mingo's default one (every expression operator too) makes that copy cost 2-3x more.
 */
const QUERY_ONLY = Context.init({
  query: require('mingo/operators/query') as typeof import('mingo/types/operators/query'),
});
const { isEqual, isRegExp, resolve } = require('mingo/util') as typeof import('mingo/types/util');
/* eslint-enable @typescript-eslint/no-require-imports */
// The exported helpers (matching, update operators, upsert seeds, collation-aware filters) are the
// MongoDB semantics the SQLite adapter (sqlite-read-store.ts) shares with this one.
const NEEDS_EXPRESSIONS = /"\$(expr|where|jsonSchema|function)"/;

export function compile(filter: Filter): { test(doc: AnyDoc): boolean } {
  return NEEDS_EXPRESSIONS.test(JSON.stringify(filter))
    ? new Query(filter, {})
    : new BareQuery(filter, { context: QUERY_ONLY });
}

/**
 * In-process read store with MongoDB semantics: mingo evaluates queries, sorts, projections and
 * update operators; documents live in a Map per collection keyed by `_id`. Nothing survives a
 * restart (the projections rebuild it from the event log), hence `durable = false`.
 */
export class EmbeddedReadStore implements ReadStore {
  readonly durable = false;
  private readonly collections = new Map<string, CollectionState>();

  collection<T extends Doc = AnyDoc>(name: string): ReadCollection<T> {
    let state = this.collections.get(name);
    if (!state) this.collections.set(name, (state = new CollectionState(name)));
    return new EmbeddedCollection<T>(state);
  }

  async dropCollection(name: string): Promise<void> {
    // Keeps index definitions (like MongoReadStore, which deletes documents rather than dropping).
    this.collections.get(name)?.clear();
  }

  async ping(): Promise<void> {}

  /** No transactions: the writes simply run (see ReadStore.transaction). */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async close(): Promise<void> {}
}

export const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

/** Equal under collation strength 2, as MongoDB compares with it: case is ignored, accents are not. */
const COLLATED = new Intl.Collator(CASE_INSENSITIVE.locale, { sensitivity: 'accent' });
const sameIgnoringCase = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? COLLATED.compare(a, b) === 0 : isEqual(a, b);

/** Whether the value at `path` (or, as MongoDB reads arrays, one of its elements) equals one of `values`, ignoring case. */
function anyIgnoringCase(doc: AnyDoc, path: string, values: unknown[]): boolean {
  const found = resolve(doc, path, { unwrapArray: true });
  if (found === undefined || found === null) return values.includes(null);
  const candidates: unknown[] = Array.isArray(found) ? [found, ...found.flat()] : [found];
  return candidates.some((c) => values.some((v) => sameIgnoringCase(c, v)));
}

/** mingo types a query operator as the intersection of its own operators' signatures, which no other function fits. */
type QueryOperators = NonNullable<Parameters<typeof Context.init>[0]>['query'];

/** The query operators caseInsensitiveFilter() writes: comparisons, not patterns built from the compared text. */
export const IGNORING_CASE = Context.init({
  query: {
    $eqIgnoringCase: (path: string, value: unknown) => (doc: AnyDoc) => anyIgnoringCase(doc, path, [value]),
    $neIgnoringCase: (path: string, value: unknown) => (doc: AnyDoc) => !anyIgnoringCase(doc, path, [value]),
    $inIgnoringCase: (path: string, values: unknown) => (doc: AnyDoc) =>
      anyIgnoringCase(doc, path, values as unknown[]),
    $ninIgnoringCase: (path: string, values: unknown) => (doc: AnyDoc) =>
      !anyIgnoringCase(doc, path, values as unknown[]),
  } as unknown as QueryOperators,
});

class UniqueIndex {
  /** Serialized key → `_id` of the document holding it. */
  readonly owners = new Map<string, string>();
  constructor(readonly fields: string[]) {}

  keyOf(doc: AnyDoc): string {
    // A missing field indexes as null, as in MongoDB (so only one document may lack it).
    return JSON.stringify(this.fields.map((f) => getPath(doc, f) ?? null));
  }

  describe(doc: AnyDoc): Record<string, unknown> {
    return Object.fromEntries(this.fields.map((f) => [f, getPath(doc, f) ?? null]));
  }
}

class CollectionState {
  readonly docs = new Map<string, AnyDoc>();
  /** name → spec, so createIndex is idempotent. */
  readonly indexes = new Map<string, { spec: string; unique?: UniqueIndex }>();
  constructor(readonly name: string) {}

  clear(): void {
    this.docs.clear();
    for (const { unique } of this.indexes.values()) unique?.owners.clear();
  }

  private get uniques(): UniqueIndex[] {
    const out: UniqueIndex[] = [];
    for (const { unique } of this.indexes.values()) if (unique) out.push(unique);
    return out;
  }

  /** Stores `next` (replacing `prev`, a document with the same `_id`), enforcing `_id` and unique indexes first. */
  write(prev: AnyDoc | undefined, next: AnyDoc): void {
    if (!prev && this.docs.has(next._id)) throw new DuplicateKeyError(this.name, { _id: next._id });
    const uniques = this.uniques;
    const keys = uniques.map((ix) => ix.keyOf(next));
    uniques.forEach((ix, i) => {
      const owner = ix.owners.get(keys[i]);
      if (owner !== undefined && owner !== next._id) throw new DuplicateKeyError(this.name, ix.describe(next));
    });
    uniques.forEach((ix, i) => {
      if (prev) ix.owners.delete(ix.keyOf(prev));
      ix.owners.set(keys[i], next._id);
    });
    this.docs.set(next._id, next);
  }

  remove(doc: AnyDoc): void {
    for (const ix of this.uniques) ix.owners.delete(ix.keyOf(doc));
    this.docs.delete(doc._id);
  }

  /** Documents that may match: straight from the map when the filter pins `_id`. */
  candidates(filter: Filter): Iterable<AnyDoc> {
    const id = filter._id;
    const pick = (ids: unknown[]) =>
      ids.flatMap((i) => (typeof i === 'string' && this.docs.has(i) ? [this.docs.get(i)!] : []));
    if (typeof id === 'string') return pick([id]);
    if (isOperatorObject(id) && Object.keys(id).length === 1) {
      if (typeof id.$eq === 'string') return pick([id.$eq]);
      if (Array.isArray(id.$in) && id.$in.every((i) => typeof i === 'string')) return pick([...new Set(id.$in)]);
    }
    return this.docs.values();
  }

  matching(filter: Filter, first = false): AnyDoc[] {
    // {_id: 'x'} or {_id: {$in: [...]}} alone needs no query: the map lookup is the whole answer
    // (and matching each candidate against a long $in list would cost O(n²)).
    const keys = Object.keys(filter);
    if (keys.length === 1 && (typeof filter._id === 'string' || isIdList(filter._id))) {
      const found = Array.from(this.candidates(filter));
      return first ? found.slice(0, 1) : found;
    }
    const query = compile(filter);
    const out: AnyDoc[] = [];
    for (const doc of this.candidates(filter)) {
      if (!query.test(doc)) continue;
      out.push(doc);
      if (first) break;
    }
    return out;
  }
}

class EmbeddedCollection<T extends Doc> implements ReadCollection<T> {
  constructor(private readonly state: CollectionState) {}

  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = this.state.matching(filter, true);
    return doc ? (clone(doc) as T) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const ci = options.caseInsensitive === true;
    const shaped = Boolean(
      (options.sort && Object.keys(options.sort).length) || options.skip || options.limit || options.projection,
    );
    // Matching goes through the light path (id lookups, query operators only); mingo's full
    // query then only sorts, pages and projects what matched.
    if (!ci && !shaped) return this.state.matching(filter).map((d) => clone(d) as T);
    // Under collation `_id` equality is case-insensitive too, so no map lookup then.
    const query = ci
      ? new Query(caseInsensitiveFilter(filter), { collation: CASE_INSENSITIVE, context: IGNORING_CASE })
      : new Query({}, {});
    const source = ci ? Array.from(this.state.docs.values()) : this.state.matching(filter);
    // mingo sorts, skips and limits before projecting, so sorting on an excluded field works.
    let cursor = query.find<AnyDoc>(source, options.projection);
    if (options.sort && Object.keys(options.sort).length) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit); // 0 means no limit, as in MongoDB
    return cursor.all().map((d) => clone(d) as T);
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.state.matching(filter).length;
  }

  async insertOne(doc: T): Promise<void> {
    const next = clone(doc) as AnyDoc;
    if (next._id === undefined) next._id = randomUUID();
    this.state.write(undefined, next);
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const { $setOnInsert, ...ops } = checkOperators(update);
    const [target] = this.state.matching(filter, true);
    if (target) return { ...this.modify(filter, target, ops), upsertedId: null };
    if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };

    const doc = equalityFields(filter);
    applyOperators(doc, ops);
    if ($setOnInsert) applyOperators(doc, { $set: $setOnInsert });
    if (doc._id === undefined) doc._id = randomUUID();
    // An existing _id here means the filter excluded it (e.g. {_id, rev: {$lt: n}}): MongoDB raises E11000, so do we.
    this.state.write(undefined, doc);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const { $setOnInsert: _ignored, ...ops } = checkOperators(update);
    const result = { matchedCount: 0, modifiedCount: 0, upsertedId: null };
    // Not atomic across documents, like MongoDB: a unique violation stops at that document.
    for (const target of this.state.matching(filter)) {
      const r = this.modify(filter, target, ops);
      result.matchedCount += r.matchedCount;
      result.modifiedCount += r.modifiedCount;
    }
    return result;
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    if (Object.keys(doc).some((k) => k.startsWith('$')))
      throw new Error('Replacement document must not contain update operators');
    const next = clone(doc) as AnyDoc;
    const [target] = this.state.matching(filter, true);
    if (target) {
      if (next._id === undefined) next._id = target._id;
      assertSameId(target, next);
      if (JSON.stringify(target) === JSON.stringify(next))
        return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
      this.state.write(target, next);
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    }
    if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
    next._id ??= (equalityFields(filter)._id as string | undefined) ?? randomUUID();
    this.state.write(undefined, next);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: next._id };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const [target] = this.state.matching(filter, true);
    if (target) this.state.remove(target);
    return { deletedCount: target ? 1 : 0 };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const targets = this.state.matching(filter);
    for (const t of targets) this.state.remove(t);
    return { deletedCount: targets.length };
  }

  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    const name =
      options.name ??
      Object.entries(keys)
        .map(([k, v]) => `${k}_${v}`)
        .join('_');
    const spec = JSON.stringify([keys, !!options.unique]);
    const existing = this.state.indexes.get(name);
    if (existing) {
      if (existing.spec !== spec) throw new Error(`An index named ${name} exists with different options`);
      return;
    }
    // Only unique indexes matter here: without them every query is a scan over the map anyway.
    let unique: UniqueIndex | undefined;
    if (options.unique) {
      unique = new UniqueIndex(Object.keys(keys));
      for (const doc of this.state.docs.values()) {
        const key = unique.keyOf(doc);
        if (unique.owners.has(key)) throw new DuplicateKeyError(this.state.name, unique.describe(doc));
        unique.owners.set(key, doc._id);
      }
    }
    this.state.indexes.set(name, { spec, unique });
  }

  /** Applies update operators to a copy of `target`, then stores it if anything changed. */
  private modify(filter: Filter, target: AnyDoc, ops: Update): { matchedCount: number; modifiedCount: number } {
    if (!Object.keys(ops).length) return { matchedCount: 1, modifiedCount: 0 };
    const next = clone(target);
    if (!applyOperators(next, ops, filter)) return { matchedCount: 1, modifiedCount: 0 };
    assertSameId(target, next);
    this.state.write(target, next);
    return { matchedCount: 1, modifiedCount: 1 };
  }
}

/** Applies update operators to `doc` in place; true when something changed. */
export function applyOperators(doc: AnyDoc, ops: Update, filter?: Filter): boolean {
  if (hasPositional(ops)) return applyUpdate(doc, ops, undefined, filter, { cloneMode: 'deep' }).length > 0;
  // The values are already private copies (checkOperators clones the update), so mingo's default shallow copy is enough.
  const steps = Object.entries(ops).map(([op, expr]) => {
    const operator = (UPDATE_OPERATORS as Record<string, unknown>)[op] as
      ((e: object) => (d: object) => string[]) | undefined;
    if (!operator || !isPlainObject(expr)) throw new Error(`Unknown or malformed update operator: '${op}'`);
    return { apply: operator(expr), paths: Object.keys(expr) };
  });
  assertNoConflicts(steps.flatMap((s) => s.paths));
  let changed = false;
  for (const step of steps) if (step.apply(doc).length) changed = true;
  return changed;
}

/** MongoDB refuses an update touching one path twice or a path and its parent ($set a + $push a.b). */
function assertNoConflicts(paths: string[]): void {
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      if (i !== j && (paths[i] === paths[j] ? i < j : paths[j].startsWith(`${paths[i]}.`))) {
        throw new Error(`Updating the path '${paths[j]}' would create a conflict at '${paths[i]}'`);
      }
    }
  }
}

export function checkOperators(update: Update): Update {
  const keys = Object.keys(update);
  if (!keys.length || keys.some((k) => !k.startsWith('$')))
    throw new Error('Update document requires atomic operators');
  return clone(update);
}

export function assertSameId(before: AnyDoc, after: AnyDoc): void {
  if (after._id !== before._id)
    throw new Error(`Performing an update on the path '_id' would modify the immutable field '_id'`);
}

function hasPositional(ops: Update): boolean {
  return Object.values(ops).some((v) => isPlainObject(v) && Object.keys(v).some((p) => /\.\$(\.|$)/.test(p)));
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function isOperatorObject(v: unknown): v is Record<string, unknown> {
  return isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));
}

/** Deep copy for JSON-like documents (plus Dates); undefined fields are dropped, as the Mongo adapter's driver does. */
export function clone<V>(v: V): V {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : clone(x))) as V;
  if (v instanceof Date) return new Date(v.getTime()) as V;
  if (!isPlainObject(v)) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k in v) {
    const x = v[k];
    if (x !== undefined) out[k] = clone(x);
  }
  return out as V;
}

function getPath(doc: Record<string, unknown>, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (!isPlainObject(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The document an upsert starts from: the filter's equality conditions (as MongoDB does). */
export function equalityFields(filter: Filter): AnyDoc {
  const doc: Record<string, unknown> = {};
  const visit = (f: Filter) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach(visit);
      else if (k.startsWith('$') || v instanceof RegExp) continue;
      else if (isOperatorObject(v)) {
        if ('$eq' in v) setPath(doc, k, clone(v.$eq));
      } else setPath(doc, k, clone(v));
    }
  };
  visit(filter);
  return doc as AnyDoc;
}

function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = doc;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(cur[part])) cur[part] = {};
    cur = cur[part] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
}

/**
 * mingo's collation only affects sorting, so for equality under collation strength 2 string
 * comparisons ($eq, $ne, $in, $nin and plain values) become the IGNORING_CASE operators.
 */
export function caseInsensitiveFilter(filter: Filter): Filter {
  const out: Filter = {};
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$or' || k === '$and' || k === '$nor') && Array.isArray(v))
      out[k] = v.map((f) => caseInsensitiveFilter(f as Filter));
    else if (k.startsWith('$')) out[k] = v;
    else if (typeof v === 'string') out[k] = { $eqIgnoringCase: v };
    else if (isOperatorObject(v)) out[k] = caseInsensitiveOps(v);
    else out[k] = v;
  }
  return out;
}

function caseInsensitiveOps(ops: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...ops };
  const replace = (op: string, by: string) => {
    delete out[op];
    out[by] = ops[op];
  };
  if (typeof ops.$eq === 'string') replace('$eq', '$eqIgnoringCase');
  if (typeof ops.$ne === 'string') replace('$ne', '$neIgnoringCase');
  // A list holding patterns keeps mingo's $in, which tests them.
  const comparable = (xs: unknown) => Array.isArray(xs) && !xs.some((x) => isRegExp(x));
  if (comparable(ops.$in)) replace('$in', '$inIgnoringCase');
  if (comparable(ops.$nin)) replace('$nin', '$ninIgnoringCase');
  if (isOperatorObject(ops.$not)) out.$not = caseInsensitiveOps(ops.$not);
  if (isPlainObject(ops.$elemMatch)) {
    out.$elemMatch = isOperatorObject(ops.$elemMatch)
      ? caseInsensitiveOps(ops.$elemMatch)
      : caseInsensitiveFilter(ops.$elemMatch);
  }
  return out;
}

/** `{ $in: ['a', 'b'] }` of string ids, and nothing else. */
function isIdList(value: unknown): boolean {
  return (
    isOperatorObject(value) &&
    Object.keys(value).length === 1 &&
    Array.isArray(value.$in) &&
    value.$in.every((i) => typeof i === 'string')
  );
}
