/** A filter for `mutate(filter)`: every cached key whose path starts with one of the prefixes. */
export function keyMatches(...prefixes: string[]): (key: unknown) => boolean {
  return (key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && prefixes.some((p) => path === p || path.startsWith(p + '/') || path.startsWith(p + '?'));
  };
}
