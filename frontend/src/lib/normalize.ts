/**
 * Tolerant readers for API answers: lists come as the contract's `Page` ({items, total, page, limit});
 * a few older endpoints name the list (`users`, `traders`). Screens read through these so a renamed
 * wrapper shows as an empty list, not a crash.
 */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function pageOf<T>(data: unknown, ...keys: string[]): PageOf<T> {
  if (Array.isArray(data)) return { items: data as T[], total: data.length, page: 1, limit: data.length };
  if (!isObj(data)) return { items: [], total: 0, page: 1, limit: 0 };
  let items: unknown = data.items;
  for (const k of keys) if (!Array.isArray(items)) items = data[k];
  const list = Array.isArray(items) ? (items as T[]) : [];
  return {
    items: list,
    total: typeof data.total === 'number' ? data.total : list.length,
    page: typeof data.page === 'number' ? data.page : 1,
    limit: typeof data.limit === 'number' ? data.limit : list.length,
  };
}

export function str(v: unknown, fallback = ''): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return fallback;
}

export function num(v: unknown, fallback = 0): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fallback;
}

export function numOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = num(v, Number.NaN);
  return Number.isNaN(n) ? null : n;
}

export function pick(o: unknown, ...keys: string[]): unknown {
  if (!isObj(o)) return undefined;
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}
