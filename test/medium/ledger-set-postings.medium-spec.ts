import { runSql, sql, sqlArray, UnitOfWork } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { Ledger } from '@mirrorline/wallet';
import { ledgerSetPostings } from '@mirrorline/wallet/sql';
import { createTestContext, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * The wallet's set-based posting API (ledgerSetPostings, docs/ledger.md "Set-based postings") against real
 * PostgreSQL: one statement posts one balanced transaction over many accounts, composed from the caller's
 * own rows, and the ledger's checks hold inside it.
 */
describe('ledger set-based postings', () => {
  let t: TestApp;
  let ledger: Ledger;
  let uow: UnitOfWork;

  beforeAll(async () => {
    t = await createTestContext();
    ledger = t.app.get(Ledger);
    uow = t.app.get(UnitOfWork);
  });
  afterAll(() => t.close());

  const balanceOf = async (accountId: string) => Number((await t.sql<{ b: string }>('SELECT balance::text AS b FROM ledger_accounts WHERE id = ?', [accountId]))[0].b);
  const count = async (table: string) => Number((await t.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

  /** n users with cash accounts, each credited `cents` from platform_deposits through the set-based API. */
  let postings = 0;
  async function creditMany(n: number, cents: (i: number) => number, reference = `set-posting-spec:${++postings}`) {
    const users = await Promise.all(Array.from({ length: n }, () => createUser(t)));
    const ids = users.map((u) => u.id);
    const amounts = ids.map((_, i) => cents(i));
    const result = await uow.run(async (tx) => {
      const em = emOf(tx);
      await runSql(em, ledgerSetPostings.ensureCashAccounts(sql`SELECT unnest(${sqlArray(ids)}::uuid[])`));
      // The caller's own rows: (user, amount) pairs, joined to the wallet's cash accounts.
      const credits = sql`SELECT c.id AS account_id, x.amount FROM unnest(${sqlArray(ids)}::uuid[], ${sqlArray(amounts)}::bigint[]) AS x(owner_id, amount)
                          JOIN ${ledgerSetPostings.cashAccounts()} c ON c.owner_id = x.owner_id`;
      const posting = ledgerSetPostings.ctes('credit', {
        type: 'test_set_credit',
        reference,
        description: `${n} credits`,
        when: sql`EXISTS (SELECT 1 FROM (${credits}) w WHERE w.amount <> 0)`,
        entries: sql`${credits}
                     UNION ALL SELECT ${ledgerSetPostings.platformAccount('platform_deposits')}, -sum(amount)::bigint FROM (${credits}) s`,
      });
      const [row] = await runSql(em, sql<{ id: string | null; entries: string }>`WITH ${posting}
        SELECT (SELECT id::text FROM credit_tx) AS id, (SELECT count(*) FROM credit) AS entries`);
      return row;
    });
    const accounts = await Promise.all(ids.map((id) => uow.run((tx) => ledger.userAccount(tx, id, 'cash'))));
    return { ids, accounts, amounts, ...result };
  }

  it('posts one transaction over many accounts in one statement, dropping zero amounts, and moves every balance', async () => {
    const platform = await uow.run((tx) => ledger.platformAccount(tx, 'platform_deposits'));
    const platformBefore = await balanceOf(platform);
    const transactionsBefore = await count('ledger_transactions');
    const { accounts, amounts, id, entries } = await creditMany(25, (i) => (i % 5 === 0 ? 0 : 100 + i));
    expect(id).toMatch(/^\d+$/);
    expect(await count('ledger_transactions')).toBe(transactionsBefore + 1);
    const nonZero = amounts.filter((a) => a !== 0);
    expect(Number(entries)).toBe(nonZero.length + 1);
    for (let i = 0; i < accounts.length; i++) expect(await balanceOf(accounts[i])).toBe(amounts[i]);
    const total = nonZero.reduce((a, b) => a + b, 0);
    expect(await balanceOf(platform)).toBe(platformBefore - total);
    const rows = await t.sql<{ sum: string; n: string }>('SELECT sum(amount)::text AS sum, count(*) AS n FROM ledger_entries WHERE transaction_id = ?', [id]);
    expect(rows[0]).toEqual({ sum: '0', n: String(nonZero.length + 1) });
    const [tx] = await t.sql<{ type: string; reference: string }>('SELECT type, reference FROM ledger_transactions WHERE id = ?', [id]);
    expect(tx).toEqual({ type: 'test_set_credit', reference: expect.stringMatching(/^set-posting-spec:\d+$/) });
  });

  it('refuses a second posting of the same (type, reference), whatever its entries (exactly once), leaving nothing behind', async () => {
    await creditMany(2, () => 500, 'set-posting-spec:once');
    const before = [await count('ledger_transactions'), await count('ledger_entries')];
    await expect(creditMany(2, () => 700, 'set-posting-spec:once')).rejects.toMatchObject({ code: '23505' });
    expect([await count('ledger_transactions'), await count('ledger_entries')]).toEqual(before);
  });

  it('writes nothing when `when` does not hold', async () => {
    const before = [await count('ledger_transactions'), await count('ledger_entries')];
    const { id } = await creditMany(3, () => 0);
    expect(id).toBeNull();
    expect([await count('ledger_transactions'), await count('ledger_entries')]).toEqual(before);
  });

  it('fails the whole statement when the entries do not balance, leaving nothing behind', async () => {
    const user = await createUser(t);
    const before = [await count('ledger_transactions'), await count('ledger_entries')];
    const statement = (accountId: string) =>
      ledgerSetPostings.statement({
        type: 'test_unbalanced',
        reference: 'unbalanced',
        entries: sql`SELECT ${accountId}::bigint, 5::bigint UNION ALL SELECT ${ledgerSetPostings.platformAccount('platform_market')}, -4::bigint`,
      });
    await expect(
      uow.run(async (tx) => runSql(emOf(tx), statement(await ledger.userAccount(tx, user.id, 'cash')))),
    ).rejects.toThrow(/does not balance/);
    expect([await count('ledger_transactions'), await count('ledger_entries')]).toEqual(before);
  });

  it('fails the whole statement when a user balance would go below zero', async () => {
    const { accounts } = await creditMany(2, () => 1_000);
    const before = [await count('ledger_transactions'), await count('ledger_entries')];
    const statement = ledgerSetPostings.statement({
      type: 'test_overdraw',
      reference: 'overdraw',
      entries: sql`SELECT ${accounts[0]}::bigint, -1001::bigint UNION ALL SELECT ${accounts[1]}::bigint, 1001::bigint`,
    });
    await expect(uow.run((tx) => runSql(emOf(tx), statement))).rejects.toThrow(/ledger_accounts_non_negative/);
    expect([await count('ledger_transactions'), await count('ledger_entries')]).toEqual(before);
    expect(await balanceOf(accounts[0])).toBe(1_000);
    expect(await balanceOf(accounts[1])).toBe(1_000);
  });

  it('refuses a CTE name that is not a plain SQL name', () => {
    expect(() => ledgerSetPostings.ctes('x; DROP TABLE users', { type: 't', reference: 'r', entries: sql`SELECT 1, 0` })).toThrow('not a plain SQL name');
  });
});
