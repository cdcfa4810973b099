/** The SQLSTATE of a PostgreSQL error (23505 unique violation, 40001 serialization failure, …), however the driver wrapped it. */
export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; sqlState?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.sqlState ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
