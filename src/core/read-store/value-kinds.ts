import type { AnyDoc } from './read-store.port';

/*
 * What the SQL read stores (SQLite, PostgreSQL) share about documents: the kinds of value seen at each path, which
 * decide where SQL may answer a query exactly, and the plain text of a search pattern.
 */

// Kinds of value seen at a path (bit flags).
export const NULL = 1;
export const BOOL = 2;
export const NUM = 4;
export const STR = 8;
export const OBJ = 16;
export const ARR = 32;
export const ALL = 63;

/** Adds the kinds of `doc`'s values to `kinds`; true when the record grew. */
export function recordKinds(kinds: Map<string, number>, doc: AnyDoc): boolean {
  let grew = false;
  const mark = (path: string, bits: number) => {
    const had = kinds.get(path) ?? 0;
    if ((had | bits) !== had) {
      kinds.set(path, had | bits);
      grew = true;
    }
  };
  const visit = (v: unknown, path: string): void => {
    if (v === null || v === undefined) return mark(path, NULL);
    if (typeof v === 'boolean') return mark(path, BOOL);
    if (typeof v === 'number') return mark(path, Number.isFinite(v) ? NUM : NULL); // JSON writes NaN as null
    if (typeof v === 'string') return mark(path, STR);
    if (v instanceof Date) return mark(path, STR); // stored as its ISO string
    if (Array.isArray(v)) {
      mark(path, ARR);
      for (const x of v) visit(x, path);
      return;
    }
    if (typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') return mark(path, ALL);
    mark(path, OBJ);
    for (const [k, x] of Object.entries(v)) if (x !== undefined) visit(x, `${path}.${k}`);
  };
  for (const [k, x] of Object.entries(doc)) if (k !== '_id' && x !== undefined) visit(x, k);
  return grew;
}

/**
 * The kinds at `path` when SQL's extraction of the path yields exactly what MongoDB resolves there: no array on
 * the way or at the end. Null when the path must be checked in JS.
 */
export function plainKinds(kinds: Map<string, number>, path: string): number | null {
  if (path === '_id') return STR;
  if (!indexablePath(path)) return null;
  let prefix = '';
  for (const part of path.split('.')) {
    prefix = prefix ? `${prefix}.${part}` : part;
    if ((kinds.get(prefix) ?? 0) & ARR) return null;
  }
  return kinds.get(path) ?? 0;
}

/** A path written into SQL as a literal (so that queries and expression indexes share the same text). */
export function indexablePath(path: string): boolean {
  return path.split('.').every((p) => /^[^"'\\\u0000-\u001f]+$/.test(p));
}

/**
 * The fields of an inclusion projection of top-level fields (`{ _id: 1, label: 1 }`), which SQL can
 * read on their own, `_id` aside (always included here, as MongoDB does unless excluded); else null.
 */
export function topLevelInclusion(projection: Record<string, 0 | 1> | undefined): string[] | null {
  if (!projection) return null;
  const entries = Object.entries(projection);
  if (!entries.length || entries.some(([k, v]) => v !== 1 || k.includes('.') || !indexablePath(k))) return null;
  return entries.map(([k]) => k).filter((k) => k !== '_id');
}

const REGEX_SYNTAX = '.*+?^${}()|[]\\';

/**
 * The text a pattern matches when it is plain text with its metacharacters escaped (as
 * everyWordIn() writes a search word), else null.
 */
export function literalOf(pattern: string): string | null {
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      const next = pattern[++i];
      if (next === undefined || !(REGEX_SYNTAX.includes(next) || next === '/' || next === '-')) return null;
      text += next;
    } else if (REGEX_SYNTAX.includes(ch)) return null;
    else text += ch;
  }
  return text;
}

export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}
