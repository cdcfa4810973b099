/**
 * One small typed helper for hand-written SQL: the `sql` tagged template puts each value where it is
 * used (no positional lists of `?` to keep in step) and compiles to MikroORM's `execute(text, params)`
 * with positional `?`. A value that is itself `Sql` is spliced in with its own values, so a context can
 * export a fragment (a relation, a statement) that another context's query composes without naming the
 * owner's tables. The row type rides along: `sql<Row>\`…\``, then `runSql(em, query)` returns `Row[]`.
 *
 *   const rows = await runSql(em, sql<{ id: string }>`SELECT id FROM copies WHERE follower_id = ${userId} AND status = ${status}`);
 *
 * Framework-free: `runSql` needs only an object with MikroORM's `execute(text, params)`.
 */
export class Sql<Row = Record<string, unknown>> {
  /** phantom: the row type `runSql` returns */
  declare readonly row?: Row;

  constructor(
    readonly text: string,
    readonly params: readonly unknown[],
  ) {}
}

/** A PostgreSQL array literal parameter (`{…}`), e.g. for `= ANY(${sqlArray(ids)}::uuid[])`; a null element is SQL NULL. */
export class SqlArray {
  constructor(readonly values: readonly (string | number | bigint | null)[]) {}
}

export type SqlValue = Sql<unknown> | SqlArray | string | number | bigint | boolean | Date | null;

/** Quotes each element so commas, quotes and backslashes in values cannot change the array. */
function arrayLiteral(values: readonly (string | number | bigint | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/(["\\])/g, '\\$1')}"` : String(v))).join(',')}}`;
}

export function sql<Row = Record<string, unknown>>(strings: TemplateStringsArray, ...values: SqlValue[]): Sql<Row> {
  let text = '';
  const params: unknown[] = [];
  strings.forEach((part, i) => {
    // A literal `?` would be read as one more parameter by the driver and shift every value after it.
    if (part.includes('?')) throw new Error(`sql: a literal "?" in the SQL text is read as a parameter: ${part.trim().slice(0, 60)}`);
    text += part;
    if (i >= values.length) return;
    const value = values[i];
    if (value instanceof Sql) {
      text += value.text;
      params.push(...value.params);
    } else if (value instanceof SqlArray) {
      text += '?';
      params.push(arrayLiteral(value.values));
    } else {
      if (value === undefined) throw new Error(`sql: value ${i + 1} is undefined (use null for SQL NULL)`);
      text += '?';
      params.push(value);
    }
  });
  return new Sql<Row>(text, params);
}

/** A PostgreSQL array literal parameter: `WHERE id = ANY(${sqlArray(ids)}::uuid[])`; a null element is SQL NULL. */
export function sqlArray(values: readonly (string | number | bigint | null)[]): SqlArray {
  return new SqlArray(values);
}

/** The LIKE/ILIKE pattern "contains `search`", its wildcards escaped (with `\\`, PostgreSQL's default) so "a_b" and "100%" match literally. */
export function likeContains(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Fragments joined by a separator (default `, `), each keeping its values. */
export function sqlJoin(parts: readonly Sql<unknown>[], separator: Sql<unknown> = new Sql(', ', [])): Sql<unknown> {
  let text = '';
  const params: unknown[] = [];
  parts.forEach((part, i) => {
    if (i > 0) {
      text += separator.text;
      params.push(...separator.params);
    }
    text += part.text;
    params.push(...part.params);
  });
  return new Sql(text, params);
}

/**
 * The `SET` list of a partial update: one `column = value` per key whose value is not `undefined`, in the
 * patch's order. A value that is itself `Sql` is an expression (`updated_at: sql\`now()\``). Column names
 * come from code, never from input: each must be a plain lower-case identifier. Throws on an empty list.
 *
 *   await runSql(em, sql`UPDATE copies SET ${sqlSet({ status: patch.status, updated_at: sql`now()` })} WHERE id = ${id}`);
 */
export function sqlSet(patch: Readonly<Record<string, SqlValue | undefined>>): Sql<unknown> {
  const parts: Sql<unknown>[] = [];
  for (const [column, value] of Object.entries(patch)) {
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`sqlSet: "${column}" is not a plain column name`);
    if (value === undefined) continue;
    parts.push(sqlJoin([new Sql(`${column} = `, []), sql`${value}`], new Sql('', [])));
  }
  if (!parts.length) throw new Error('sqlSet: nothing to set');
  return sqlJoin(parts);
}

/** Anything with MikroORM's `execute(text, params)` (an EntityManager or its connection). */
export interface SqlExecutor {
  execute(text: string, params?: unknown[], method?: 'all' | 'get' | 'run'): Promise<unknown>;
}

/** Runs the statement and returns its rows, typed by the fragment. */
export function runSql<Row>(executor: SqlExecutor, query: Sql<Row>): Promise<Row[]> {
  // eslint-disable-next-line no-restricted-syntax -- the one place the tag's text and values meet MikroORM's execute
  return executor.execute(query.text, [...query.params]) as Promise<Row[]>;
}

/** Runs a statement for its effect (MikroORM's 'run' mode: no rows fetched) and returns the rows it touched. */
export async function runSqlAffected(executor: SqlExecutor, query: Sql<unknown>): Promise<number> {
  // eslint-disable-next-line no-restricted-syntax -- as in runSql
  const result = await executor.execute(query.text, [...query.params], 'run');
  return Number((result as { affectedRows?: number }).affectedRows ?? 0);
}

/** The statement's text with the tag's positional `?` as PostgreSQL's `$1, $2, …` (the tag refuses a literal `?`, so each is a value). */
export function pgText(query: Sql<unknown>): string {
  let n = 0;
  return query.text.replace(/\?/g, () => `$${++n}`);
}

/** Anything with node-postgres' `query(text, values)`: a dedicated `pg` Client (a session advisory lock, LISTEN). */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs the statement on a node-postgres client outside MikroORM's pool (where a session must be held: an
 * advisory lock, a LISTEN connection) and returns its rows, typed by the fragment.
 */
export async function runPgSql<Row>(client: PgQueryable, query: Sql<Row>): Promise<Row[]> {
  // eslint-disable-next-line no-restricted-syntax -- the one place the tag's text and values meet a pg client
  const { rows } = await client.query(pgText(query), [...query.params]);
  return rows as Row[];
}
