/** A filter for `mutate(filter)`: every cached key whose path starts with one of the prefixes (a key factory's `all`). */
export function keyMatches(...prefixes: readonly string[]): (key: unknown) => boolean {
  return (key) => {
    const path = Array.isArray(key) ? key[0] : key;
    if (typeof path !== 'string') return false;
    return prefixes.some((p) => path === p || path.startsWith(p + '/') || path.startsWith(p + '?'));
  };
}
