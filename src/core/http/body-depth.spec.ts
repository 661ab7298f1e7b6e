import { MAX_BODY_DEPTH, nestedDeeperThan } from './body-depth';

const nested = (levels: number) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts objects and lists as levels, not scalars', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: 1, b: 'x', c: null }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1] }, 1)).toBe(true);
  });

  it(`lets ${MAX_BODY_DEPTH} levels through and refuses one more`, () => {
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
  });

  it('finds the deep branch among wide shallow ones', () => {
    expect(
      nestedDeeperThan({ wide: Array.from({ length: 1000 }, () => ({ x: 1 })), deep: nested(40) }, MAX_BODY_DEPTH),
    ).toBe(true);
  });

  it('does not overflow on a million levels', () => {
    expect(nestedDeeperThan(nested(1_000_000), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), MAX_BODY_DEPTH)).toBe(true);
  });
});
