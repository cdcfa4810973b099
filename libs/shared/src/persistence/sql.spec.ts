import { pgText, runPgSql, runSql, sql, sqlArray, sqlJoin, sqlSet, type PgQueryable, type SqlExecutor } from './sql';

describe('sql tagged template', () => {
  it('puts each value where it is used, as positional ? in order', () => {
    const userId = 'u-1';
    const q = sql`SELECT id FROM copies WHERE follower_id = ${userId} AND status <> ${'stopped'} LIMIT ${200}`;
    expect(q.text).toBe('SELECT id FROM copies WHERE follower_id = ? AND status <> ? LIMIT ?');
    expect(q.params).toEqual(['u-1', 'stopped', 200]);
  });

  it('splices a fragment with its own values at its place, so composed values stay in order', () => {
    const inner = sql`(SELECT owner_id, balance FROM ledger_accounts WHERE kind = ${'cash'})`;
    const q = sql`SELECT b.balance FROM ${inner} b WHERE b.owner_id = ${'u-2'} AND b.balance > ${5}`;
    expect(q.text).toBe('SELECT b.balance FROM (SELECT owner_id, balance FROM ledger_accounts WHERE kind = ?) b WHERE b.owner_id = ? AND b.balance > ?');
    expect(q.params).toEqual(['cash', 'u-2', 5]);
  });

  it('joins fragments with a separator, keeping every value', () => {
    const q = sqlJoin([sql`(${1}, ${'a'})`, sql`(${2}, ${'b'})`]);
    expect(q.text).toBe('(?, ?), (?, ?)');
    expect(q.params).toEqual([1, 'a', 2, 'b']);
  });

  it('passes arrays as one quoted PostgreSQL array literal', () => {
    const q = sql`SELECT 1 WHERE x = ANY(${sqlArray(['a', 'b,c', 'd"e', 'f\\g'])}::text[]) OR y = ANY(${sqlArray([1, 2])}::int[])`;
    expect(q.text).toBe('SELECT 1 WHERE x = ANY(?::text[]) OR y = ANY(?::int[])');
    expect(q.params).toEqual(['{"a","b,c","d\\"e","f\\\\g"}', '{1,2}']);
  });

  it('writes a null element as an unquoted SQL NULL, and the text "NULL" quoted', () => {
    expect(sql`${sqlArray(['a', null, 'NULL', 7n])}`.params).toEqual(['{"a",NULL,"NULL",7}']);
  });

  it('refuses a literal ? (the driver would shift every value after it) and an undefined value', () => {
    expect(() => sql`SELECT data ? 'key' FROM t WHERE id = ${1}`).toThrow('a literal "?"');
    expect(() => sql`SELECT ${undefined as unknown as null}`).toThrow('value 1 is undefined');
  });

  it('runSql hands text and values to execute and returns its rows', async () => {
    const calls: Array<[string, unknown[] | undefined]> = [];
    const executor: SqlExecutor = {
      execute: async (text, params) => {
        calls.push([text, params]);
        return [{ n: '3' }];
      },
    };
    const rows = await runSql(executor, sql<{ n: string }>`SELECT count(*) AS n FROM t WHERE a = ${true}`);
    expect(rows[0].n).toBe('3');
    expect(calls).toEqual([['SELECT count(*) AS n FROM t WHERE a = ?', [true]]]);
  });

  it('numbers the values $1, $2, … for a pg client, spliced fragments included, and runPgSql returns its rows', async () => {
    const query = sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${7}) AS locked WHERE ${sql`${'a'} = ${'b'}`}`;
    expect(pgText(query)).toBe('SELECT pg_try_advisory_lock($1) AS locked WHERE $2 = $3');
    const calls: Array<[string, unknown[] | undefined]> = [];
    const client: PgQueryable = {
      query: async (text, values) => {
        calls.push([text, values]);
        return { rows: [{ locked: true }] };
      },
    };
    expect(await runPgSql(client, query)).toEqual([{ locked: true }]);
    expect(calls).toEqual([['SELECT pg_try_advisory_lock($1) AS locked WHERE $2 = $3', [7, 'a', 'b']]]);
  });
});

describe('sqlSet', () => {
  it('sets only the defined columns, in order, with expressions spliced and values as parameters', () => {
    const q = sql`UPDATE copies SET ${sqlSet({ status: 'paused', invested: undefined, stop_reason: null, updated_at: sql`now()` })} WHERE id = ${'c-1'}`;
    expect(q.text).toBe('UPDATE copies SET status = ?, stop_reason = ?, updated_at = now() WHERE id = ?');
    expect(q.params).toEqual(['paused', null, 'c-1']);
  });

  it('refuses an empty update and a column name that is not a plain identifier', () => {
    expect(() => sqlSet({ status: undefined })).toThrow('nothing to set');
    expect(() => sqlSet({ 'status = 1; --': 'x' })).toThrow('not a plain column name');
  });
});
