import { createHash } from 'node:crypto';

/**
 * The verifiable track record (product.md §12.4): a trader's closed trades, in the order they closed, form a hash
 * chain
 *
 *   hash_n = sha256_hex(hash_{n−1} + C_n),   hash_0 = 64 zeros,
 *
 * where `+` joins two UTF-8 strings and C_n is the canonical JSON (RFC 8785) of trade n's public fields at its close.
 * Every value is a string: ids, prices and percentages as the API's decimal strings, times as ISO 8601 UTC. So a
 * trade can be neither edited nor removed without changing every later hash, and anyone recomputes the chain from
 * the public API (docs/copy-trading.md, "The verifiable record").
 */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of a closed trade that the record hashes: exactly the object `GET traders/:id/record` returns. */
export interface RecordFields {
  tradeId: string;
  symbol: string;
  side: string;
  allocationPct: string;
  entryPrice: string;
  exitPrice: string;
  openedAt: string;
  closedAt: string;
  pnlPct: string;
  closeReason: string;
}

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by their UTF-16 code units, no whitespace, strings
 * and numbers serialized as ECMAScript's JSON.stringify does (the scheme is defined on it).
 */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: Json) => canonicalJson(item)).join(',')}]`;
  const object = value as { readonly [key: string]: Json };
  // The default sort compares UTF-16 code units, which is what RFC 8785 §3.2.3 asks for.
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

/** hash_n from hash_{n−1} and trade n's fields. */
export function chainHash(previous: string, fields: RecordFields): string {
  return createHash('sha256').update(previous + canonicalJson({ ...fields }), 'utf8').digest('hex');
}
