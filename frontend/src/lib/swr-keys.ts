/** '/api/wallet' and '/wallet' name the same resource (typed calls use the document's '/api/…' paths). */
function resource(path: string): string {
  return path.startsWith('/api/') ? path.slice(4) : path;
}

/** A filter for `mutate(filter)`: every cached key whose path starts with one of the prefixes. */
export function keyMatches(...prefixes: string[]): (key: unknown) => boolean {
  const wanted = prefixes.map(resource);
  return (key) => {
    const raw = Array.isArray(key) ? key[0] : key;
    if (typeof raw !== 'string') return false;
    const path = resource(raw);
    return wanted.some((p) => path === p || path.startsWith(p + '/') || path.startsWith(p + '?'));
  };
}
