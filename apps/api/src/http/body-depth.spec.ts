import { MAX_BODY_DEPTH, nestedDeeperThan } from './body-depth';

const nest = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts a top-level object or array as one level', () => {
    expect(nestedDeeperThan({}, 1)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestedDeeperThan({ a: { b: 1 } }, 2)).toBe(false);
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(undefined, 0)).toBe(false);
  });

  it('accepts exactly MAX_BODY_DEPTH levels and refuses one more, in objects and arrays alike', () => {
    expect(nestedDeeperThan(nest(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nest(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan({ wide: Array.from({ length: 1000 }, () => ({ x: [1, 2] })), deep: nest(MAX_BODY_DEPTH - 1) }, MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan({ wide: [1, 2, 3], deep: nest(MAX_BODY_DEPTH) }, MAX_BODY_DEPTH)).toBe(true);
  });

  it('walks 200,000 levels without a stack overflow', () => {
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
    expect(nestedDeeperThan(deep, MAX_BODY_DEPTH)).toBe(true);
  });
});
