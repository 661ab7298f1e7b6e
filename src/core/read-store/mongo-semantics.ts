/**
 * MongoDB's query and update semantics in process, for the SQLite read store (sqlite-read-store.ts):
 * matching (mingo), update operators, upsert seeds, collation-aware equality. The SQL it compiles
 * only narrows rows; these functions decide exactly, as MongoDB would.
 */
import { Context, Query, update as applyUpdate } from 'mingo';
import { AnyDoc, Filter, Update } from './read-store.port';

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
const NEEDS_EXPRESSIONS = /"\$(expr|where|jsonSchema|function)"/;

export function compile(filter: Filter): { test(doc: AnyDoc): boolean } {
  return NEEDS_EXPRESSIONS.test(JSON.stringify(filter))
    ? new Query(filter, {})
    : new BareQuery(filter, { context: QUERY_ONLY });
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

/** Applies update operators to `doc` in place; true when something changed. */
export function applyOperators(doc: AnyDoc, ops: Update, filter?: Filter): boolean {
  if (hasPositional(ops)) return applyUpdate(doc, ops, undefined, filter, { cloneMode: 'deep' }).length > 0;
  const plain = applyPlainOperators(doc, ops);
  if (plain !== null) return plain;
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

/**
 * $set, $unset and $inc on paths through plain objects only (the projections' everyday writes), without
 * mingo's per-call setup, which was a fifth of a rebuild's time. The same outcome as mingo's operators;
 * null, before touching `doc`, when anything needs mingo's rules: another operator, an array or a
 * non-object on the way, a numeric or odd path segment, a non-numeric $inc.
 */
function applyPlainOperators(doc: AnyDoc, ops: Update): boolean | null {
  const writes: {
    op: string;
    path: string;
    value: unknown;
    parent: Record<string, unknown> | undefined;
    key: string;
  }[] = [];
  for (const [op, expr] of Object.entries(ops)) {
    if ((op !== '$set' && op !== '$unset' && op !== '$inc') || !isPlainObject(expr)) return null;
    for (const [path, value] of Object.entries(expr)) {
      const target = plainTarget(doc, path);
      if (!target) return null;
      if (op === '$inc') {
        const current = target.parent?.[target.key];
        if (typeof value !== 'number' || (current !== undefined && typeof current !== 'number')) return null;
      }
      writes.push({ op, path, value, ...target });
    }
  }
  assertNoConflicts(writes.map((w) => w.path));
  let changed = false;
  for (const { op, path, value, parent, key } of writes) {
    if (op === '$unset') {
      if (parent && Object.hasOwn(parent, key)) {
        delete parent[key];
        changed = true;
      }
      continue;
    }
    const current = parent?.[key];
    const next = op === '$inc' ? ((current as number | undefined) || 0) + (value as number) : value;
    if (op === '$inc' ? next === current : current !== undefined && isEqual(current, next)) continue;
    (parent ?? objectsTo(doc, path))[key] = next;
    changed = true;
  }
  return changed;
}

/** The object holding the path's last key (undefined while the path does not exist yet), or null when mingo must decide. */
function plainTarget(doc: AnyDoc, path: string): { parent: Record<string, unknown> | undefined; key: string } | null {
  const parts = path.split('.');
  let parent: Record<string, unknown> | undefined = doc;
  for (const part of parts) {
    if (!part || part.startsWith('$') || part === '__proto__') return null;
  }
  for (const part of parts.slice(0, -1)) {
    const next: unknown = parent?.[part];
    if (next === undefined) parent = undefined;
    else if (isPlainObject(next)) parent = next;
    else return null;
  }
  return { parent, key: parts[parts.length - 1] };
}

/** Creates the missing objects along the path and returns the one that holds its last key. */
function objectsTo(doc: AnyDoc, path: string): Record<string, unknown> {
  let cur: Record<string, unknown> = doc;
  for (const part of path.split('.').slice(0, -1)) cur = (cur[part] ??= {}) as Record<string, unknown>;
  return cur;
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
