import { Client } from 'pg';
import { createTestContext, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/** The ledger's invariants are enforced by PostgreSQL itself, whatever code posts to it. */
describe('ledger schema invariants', () => {
  let t: TestApp;
  let cash: string;
  let deposits: string;

  beforeAll(async () => {
    t = await createTestContext();
    const user = await createUser(t);
    [{ id: cash }] = await t.sql<{ id: string }>("INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, 'cash') RETURNING id", [user.id]);
    [{ id: deposits }] = await t.sql<{ id: string }>("SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'");
  });
  afterAll(() => t.close());

  const post = (amount: number, from = deposits, to = cash) =>
    t.sql(
      `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('test', 'fixture:' || gen_random_uuid()) RETURNING id)
       INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT tx.id, e.account_id, e.amount FROM tx, (VALUES (?::bigint, ?::bigint), (?::bigint, ?::bigint)) AS e(account_id, amount)`,
      [from, -amount, to, amount],
    );
  const balance = async (id: string) => Number((await t.sql<{ balance: string }>('SELECT balance FROM ledger_accounts WHERE id = ?', [id]))[0].balance);

  it('moves cached balances with the entries', async () => {
    await post(10_000);
    expect(await balance(cash)).toBe(10_000);
    expect(await balance(deposits)).toBe(-10_000);
  });

  it('refuses a transaction whose entries do not sum to zero', async () => {
    await expect(
      t.sql(
        `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('test', 'fixture:' || gen_random_uuid()) RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount) SELECT tx.id, ?, 5 FROM tx`,
        [cash],
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await balance(cash)).toBe(10_000);
  });

  it('refuses a negative user balance (CHECK) and leaves nothing behind', async () => {
    const before = await t.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_entries');
    await expect(post(10_001, cash, deposits)).rejects.toThrow(/ledger_accounts_non_negative/);
    expect(await balance(cash)).toBe(10_000);
    expect(await t.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_entries')).toEqual(before);
  });

  it('refuses entries for an account or a transaction that does not exist', async () => {
    await expect(post(100, deposits, '999999999')).rejects.toThrow(/account that does not exist/); // entries in account order
    await expect(post(100, '999999999', deposits)).rejects.toThrow(/account that does not exist/); // and not
    await expect(
      t.sql('INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (999999999, ?, 5), (999999999, ?, -5)', [cash, deposits]),
    ).rejects.toThrow(/ledger transaction 999999999 does not exist/);
    expect(await balance(cash)).toBe(10_000);
  });

  it('refuses UPDATE and DELETE on the journal', async () => {
    await expect(t.sql('UPDATE ledger_entries SET amount = amount * 2')).rejects.toThrow(/append-only/);
    await expect(t.sql('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(t.sql('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
  });

  it('refuses moving a cached balance by hand', async () => {
    await expect(t.sql('UPDATE ledger_accounts SET balance = 1000000 WHERE id = ?', [cash])).rejects.toThrow(/only through ledger entries/);
  });

  // Entries in account order take the trigger's path without aggregation; the others are aggregated and sorted first.
  it.each([
    ['the higher account first', (low: string, high: string) => [high, -100, low, 100]],
    ['the lower account first', (low: string, high: string) => [low, 100, high, -100]],
  ])('locks the accounts of a posting in id order (entries naming %s)', async (_, entries) => {
    // Two funded accounts, low < high. A posting on both must wait on low before it locks high: with low held
    // elsewhere, another posting on high alone goes through at once (no lock cycle can form).
    const cashAccount = async () =>
      (await t.sql<{ id: string }>("INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, 'cash') RETURNING id", [(await createUser(t)).id]))[0].id;
    const low = await cashAccount(); // one after the other: ids follow the inserts
    const high = await cashAccount();
    expect(Number(low)).toBeLessThan(Number(high));
    await post(500, deposits, low);
    await post(500, deposits, high);
    const sql = `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('test', 'fixture:' || gen_random_uuid()) RETURNING id)
                 INSERT INTO ledger_entries (transaction_id, account_id, amount)
                 SELECT tx.id, e.account_id, e.amount FROM tx, (VALUES ($1::bigint, $2::bigint), ($3::bigint, $4::bigint)) AS e(account_id, amount)`;
    const [holder, first, second] = [new Client(t.databaseUrl), new Client(t.databaseUrl), new Client(t.databaseUrl)];
    await Promise.all([holder, first, second].map((c) => c.connect()));
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [low]);
      await first.query('BEGIN');
      const firstPid = (await first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const blocked = first.query(sql, entries(low, high)); // high → low: 100
      for (let i = 0; ; i++) {
        const { rows } = await holder.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [firstPid]);
        if (rows.length) break;
        if (i > 200) throw new Error('the first posting never waited on the held account');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await second.query("SET lock_timeout = '5s'");
      await second.query(sql, [high, -50, deposits, 50]); // would time out if the first posting held high already
      await holder.query('ROLLBACK');
      await blocked;
      await first.query('COMMIT');
    } finally {
      await Promise.all([holder, first, second].map((c) => c.end()));
    }
    expect(await balance(low)).toBe(600);
    expect(await balance(high)).toBe(350);
  });

  it('keeps every cached balance equal to the sum of its entries', async () => {
    const mismatches = await t.sql(
      `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
       GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
    );
    expect(mismatches).toEqual([]);
    const [{ total }] = await t.sql<{ total: string }>('SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries');
    expect(Number(total)).toBe(0);
  });
});
