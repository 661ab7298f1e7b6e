import { update as mingoUpdate } from 'mingo';
import { applyOperators, clone } from './mongo-semantics';
import type { AnyDoc, Update } from './read-store.port';

/** A small deterministic generator, so that a failure names a seed that reproduces it. */
function random(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

const KEYS = ['a', 'b', 'c', '0', 'd'] as const;
const LEAVES = [1, 2, 0, -1.5, 'x', 'y', '', null, true, false] as const;

function value(r: ReturnType<typeof random>, depth: number): unknown {
  const roll = r.next();
  if (depth > 2 || roll < 0.5) return r.pick(LEAVES);
  if (roll < 0.75) return [r.pick(LEAVES), r.pick(LEAVES)];
  const out: Record<string, unknown> = {};
  for (let i = 0; i < 3; i++) if (r.next() < 0.6) out[r.pick(KEYS)] = value(r, depth + 1);
  return out;
}

function path(r: ReturnType<typeof random>): string {
  const parts = [r.pick(KEYS)];
  while (parts.length < 3 && r.next() < 0.5) parts.push(r.pick(KEYS));
  return parts.join('.');
}

function update(r: ReturnType<typeof random>): Update {
  const ops: Record<string, Record<string, unknown>> = {};
  const count = 1 + Math.floor(r.next() * 3);
  for (let i = 0; i < count; i++) {
    const op = r.pick(['$set', '$unset', '$inc'] as const);
    const v = op === '$inc' ? r.pick([1, -2, 0, 0.5]) : op === '$unset' ? '' : value(r, 1);
    (ops[op] ??= {})[path(r)] = v;
  }
  return ops;
}

/** mingo's own update, the reference the adapter's plain fast path must agree with. */
function byMingo(doc: AnyDoc, ops: Update): { doc: AnyDoc; changed: boolean } | { error: string } {
  const copy = clone(doc);
  try {
    return { doc: copy, changed: mingoUpdate(copy, ops, undefined, undefined, { cloneMode: 'deep' }).length > 0 };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function ours(doc: AnyDoc, ops: Update): { doc: AnyDoc; changed: boolean } | { error: string } {
  const copy = clone(doc);
  try {
    return { doc: copy, changed: applyOperators(copy, clone(ops)) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('update operators', () => {
  it('give what mingo gives for random $set, $unset and $inc on nested documents', () => {
    let compared = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const r = random(seed);
      const doc = { _id: 'd', ...(value(r, 0) as object) } as AnyDoc;
      const ops = update(r);
      const expected = byMingo(doc, ops);
      const actual = ours(doc, ops);
      // Conflicting paths: both refuse; the wording is ours (MongoDB's), not mingo's.
      if ('error' in expected || 'error' in actual) {
        expect({ seed, refused: 'error' in actual }).toEqual({ seed, refused: 'error' in expected });
        continue;
      }
      expect({ seed, ops, ...actual }).toEqual({ seed, ops, ...expected });
      compared++;
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('report no change when a $set writes the value already there, or an $unset misses', () => {
    const doc = { _id: 'd', a: { b: [1, { c: 2 }] }, n: 3 } as AnyDoc;
    expect(applyOperators(doc, { $set: { 'a.b': [1, { c: 2 }], n: 3 } })).toBe(false);
    expect(applyOperators(doc, { $unset: { 'x.y': '' } })).toBe(false);
    expect(applyOperators(doc, { $inc: { n: 0 } })).toBe(false);
    expect(applyOperators(doc, { $inc: { m: 0 } })).toBe(true);
    expect(doc).toEqual({ _id: 'd', a: { b: [1, { c: 2 }] }, n: 3, m: 0 });
  });

  it('create the objects along a new path', () => {
    const doc = { _id: 'd' } as AnyDoc;
    expect(applyOperators(doc, { $set: { 'overrides.2026-11-24.name': 'Lobby' }, $inc: { 'stats.count': 2 } })).toBe(
      true,
    );
    expect(doc).toEqual({ _id: 'd', overrides: { '2026-11-24': { name: 'Lobby' } }, stats: { count: 2 } });
  });
});
