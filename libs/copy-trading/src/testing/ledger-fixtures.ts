/**
 * SQL fixtures for e2e specs and benches (never used by the app): credit cash as an approved deposit
 * would, read balances and check the ledger the way admin/wallets does.
 */
export type Sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => Promise<T[]>;

export async function fundCash(sql: Sql, userId: string, cents: number | bigint): Promise<void> {
  await sql(
    `INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, 'cash')
     ON CONFLICT (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL DO NOTHING`,
    [userId],
  );
  await sql(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', 'test-fixture:' || gen_random_uuid()) RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, e.account_id, e.amount FROM tx,
       (VALUES ((SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -?::bigint),
               ((SELECT id FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'), ?::bigint)) AS e(account_id, amount)`,
    [cents.toString(), userId, cents.toString()],
  );
}

export async function cashOf(sql: Sql, userId: string): Promise<bigint> {
  const [row] = await sql<{ b: string }>("SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'", [userId]);
  return BigInt(row.b);
}

export async function copyEquityOf(sql: Sql, copyId: string): Promise<bigint> {
  const [row] = await sql<{ b: string }>("SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE copy_id = ?", [copyId]);
  return BigInt(row.b);
}

export async function platformMarket(sql: Sql): Promise<bigint> {
  const [row] = await sql<{ b: string }>("SELECT balance::text AS b FROM ledger_accounts WHERE kind = 'platform_market'");
  return BigInt(row.b);
}

/**
 * The admin ledger check: Σ entries = 0, each transaction sums to 0, cached balances = Σ entries, and no two ledger
 * transactions share a (type, business reference) (exactly once).
 */
export async function ledgerCheck(sql: Sql): Promise<{ total: bigint; unbalanced: number; mismatches: number; duplicates: number }> {
  const [{ total }] = await sql<{ total: string }>('SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries');
  const [{ n: unbalanced }] = await sql<{ n: string }>(
    'SELECT count(*) AS n FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) x',
  );
  const [{ n: mismatches }] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)) x`,
  );
  const [{ n: duplicates }] = await sql<{ n: string }>(
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM ledger_transactions GROUP BY type, reference HAVING count(*) > 1) d)
          + (SELECT count(*) FROM ledger_transactions WHERE reference IS NULL) AS n`,
  );
  return { total: BigInt(total), unbalanced: Number(unbalanced), mismatches: Number(mismatches), duplicates: Number(duplicates) };
}

export async function insertTraderProfile(sql: Sql, userId: string, share = 20, maxCopiers = 100000): Promise<number> {
  const [{ id }] = await sql<{ id: number }>(
    "INSERT INTO trader_profiles (user_id, name, share_pct, max_copiers) VALUES (?, 'Test Trader', ?, ?) RETURNING id",
    [userId, share, maxCopiers],
  );
  return Number(id);
}

/**
 * A copy of `traderId` by `followerId` with `cents` invested, on its equity account funded from platform_deposits
 * (what a follow leaves behind, without the follower's cash): for specs that set up copies without the API.
 */
export async function insertCopy(
  sql: Sql,
  copy: { followerId: string; traderId: number; cents: number | bigint; stopLossPct?: number | null; status?: 'active' | 'paused' | 'stopping' },
): Promise<string> {
  const [{ id }] = await sql<{ id: string }>(
    'INSERT INTO copies (follower_id, trader_id, invested, high_water_mark, stop_loss_pct, status) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [copy.followerId, copy.traderId, copy.cents.toString(), copy.cents.toString(), copy.stopLossPct ?? null, copy.status ?? 'active'],
  );
  await sql(`INSERT INTO ledger_accounts (owner_id, kind, copy_id) VALUES (?, 'copy_equity', ?)`, [copy.followerId, id]);
  await sql(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', ?) RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, e.account_id, e.amount FROM tx,
       (VALUES ((SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -?::bigint),
               ((SELECT id FROM ledger_accounts WHERE copy_id = ?), ?::bigint)) AS e(account_id, amount)`,
    [`copy:${id}`, copy.cents.toString(), id, copy.cents.toString()],
  );
  return id;
}

/**
 * `count` followers (users `<prefix>_1`…), each with a KYC-Verified account and a live copy of `traderId` whose
 * equity is funded straight from platform_deposits in one transaction: copy i holds `investedCents + i × stepCents`.
 * Set-based, for specs that need many copiers (a large fan-out, a burst of orders).
 */
export async function insertFundedCopies(sql: Sql, traderId: number, options: { prefix: string; count: number; investedCents: number; stepCents?: number }): Promise<void> {
  const { prefix, count, investedCents, stepCents = 0 } = options;
  await sql(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, email_verified, kyc_status)
     SELECT ? || g || '@example.test', ? || '_' || g, 'Bulk', 'Follower', 'x', true, 'Verified' FROM generate_series(1, ?) g`,
    [prefix, prefix, count],
  );
  await sql(
    `INSERT INTO copies (follower_id, trader_id, invested, high_water_mark)
     SELECT id, ?, v, v FROM (SELECT id, ?::bigint + ?::bigint * substr(username, length(?) + 2)::int AS v FROM users WHERE username LIKE ? || '\\_%') u`,
    [traderId, investedCents, stepCents, prefix, prefix],
  );
  await sql(`INSERT INTO ledger_accounts (owner_id, kind, copy_id) SELECT follower_id, 'copy_equity', id FROM copies WHERE trader_id = ?`, [traderId]);
  await sql(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('test', 'bulk:' || gen_random_uuid()) RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, c.invested FROM tx, copies c JOIN ledger_accounts a ON a.copy_id = c.id WHERE c.trader_id = ?
     UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -(SELECT sum(invested) FROM copies WHERE trader_id = ?)::bigint FROM tx`,
    [traderId, traderId],
  );
}
