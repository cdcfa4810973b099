import { DomainError, UnitOfWork } from '@mirrorline/shared';
import {
  AdjustBalanceUseCase,
  Ledger,
  LedgerAccountEntity,
  LedgerEntryEntity,
  LedgerTransactionEntity,
  WalletTransactionEntity,
} from '@mirrorline/wallet';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';


/** SqlLedger and AdjustBalanceUseCase against real PostgreSQL (the port other contexts use). */
describe('ledger adapter', () => {
  let t: TestApp;
  let ledger: Ledger;
  let uow: UnitOfWork;
  let adjust: AdjustBalanceUseCase;

  beforeAll(async () => {
    t = await createTestContext();
    ledger = t.app.get(Ledger);
    uow = t.app.get(UnitOfWork);
    adjust = t.app.get(AdjustBalanceUseCase);
  });
  afterAll(() => t.close());

  const fund = (userId: string, amount: number) =>
    uow.run(async (tx) =>
      ledger.transfer(tx, {
        type: 'deposit',
        reference: `fixture:${randomUUID()}`,
        from: await ledger.platformAccount(tx, 'platform_deposits'),
        to: await ledger.userAccount(tx, userId, 'cash'),
        amount,
      }),
    );
  const entriesCount = async () => Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_entries'))[0].n);

  it('creates a user account once, even when many transactions ask for it at the same time', async () => {
    const user = await createUser(t);
    const ids = await Promise.all(Array.from({ length: 10 }, () => uow.run((tx) => ledger.userAccount(tx, user.id, 'cash'))));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.sql("SELECT id FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'", [user.id]);
    expect(rows).toHaveLength(1);
    expect(await uow.run((tx) => ledger.userAccount(tx, user.id, 'held'))).not.toBe(ids[0]);
  });

  it('returns several accounts of a user in the order asked, creating the missing ones', async () => {
    const user = await createUser(t);
    const cash = await uow.run((tx) => ledger.userAccount(tx, user.id, 'cash'));
    const [held, cashAgain] = await uow.run((tx) => ledger.userAccounts(tx, user.id, ['held', 'cash']));
    expect(cashAgain).toBe(cash);
    expect(held).not.toBe(cash);
    expect(await uow.run((tx) => ledger.userAccounts(tx, user.id, ['cash', 'held']))).toEqual([cash, held]);
  });

  it('posts one balanced transaction and moves the balances', async () => {
    const user = await createUser(t);
    const txId = await fund(user.id, 12_345);
    expect(txId).toMatch(/^\d+$/);
    expect(await ledger.balances(null, user.id)).toEqual({ cash: 12_345, held: 0, copyEquity: 0 });
    const entries = await t.sql<{ amount: string }>('SELECT amount::text AS amount FROM ledger_entries WHERE transaction_id = ? ORDER BY amount', [txId]);
    expect(entries.map((e) => e.amount)).toEqual(['-12345', '12345']);
  });

  it('turns a negative balance into WALLET.INSUFFICIENT_FUNDS and leaves nothing behind', async () => {
    const user = await createUser(t);
    await fund(user.id, 1_000);
    const before = await entriesCount();
    const error = await uow
      .run(async (tx) =>
        ledger.transfer(tx, {
          type: 'withdrawal_hold',
          reference: `fixture:${randomUUID()}`,
          from: await ledger.userAccount(tx, user.id, 'cash'),
          to: await ledger.userAccount(tx, user.id, 'held'),
          amount: 1_001,
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('WALLET.INSUFFICIENT_FUNDS');
    expect((error as DomainError).kind).toBe('conflict');
    expect(await entriesCount()).toBe(before);
    expect((await ledger.balances(null, user.id)).cash).toBe(1_000);
  });

  it('refuses postings that do not balance before they reach the database', async () => {
    const user = await createUser(t);
    await expect(
      uow.run(async (tx) =>
        ledger.post(tx, { type: 'test', reference: 'unbalanced', entries: [{ accountId: await ledger.userAccount(tx, user.id, 'cash'), amount: 5 }, { accountId: await ledger.platformAccount(tx, 'platform_market'), amount: -4 }] }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  const add = (userId: string, amount: number, actorId: string, reason = 'correction') => uow.run((tx) => adjust.addIn(tx, { userId, amount, actorId, reason }));

  it('adds to a balance, up and down, against platform_adjustments', async () => {
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    const user = await createUser(t);
    expect(await add(user.id, 25_050, admin.id)).toMatchObject({ before: 0, after: 25_050 });
    const down = await add(user.id, -24_050, admin.id, 'correction');
    expect(down).toMatchObject({ before: 25_050, after: 1_000 });
    expect(down.ledgerTransactionId).toMatch(/^\d+$/);
    expect((await ledger.balances(null, user.id)).cash).toBe(1_000);
    const [row] = await t.sql<{ type: string; description: string }>('SELECT type, description FROM ledger_transactions WHERE id = ?', [down.ledgerTransactionId]);
    expect(row).toEqual({ type: 'adjustment', description: `admin ${admin.id}: correction` });
  });

  it('refuses a result below zero, a zero amount and an unknown user, writing nothing', async () => {
    const user = await createUser(t);
    const before = await entriesCount();
    await expect(add(user.id, -1, user.id)).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    await expect(add(user.id, 0, user.id)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(add(randomUUID(), 100, user.id)).rejects.toMatchObject({ code: 'USERS.NOT_FOUND' });
    expect(await entriesCount()).toBe(before);
  });

  it('serialises concurrent adjustments under the row locks: none is lost and the ledger stays consistent', async () => {
    const user = await createUser(t);
    const amounts = [100, 200, 300, 400, 500, 600, 700, 800];
    await Promise.all(amounts.map((amount) => add(user.id, amount, user.id)));
    const cash = (await ledger.balances(null, user.id)).cash;
    expect(cash).toBe(3_600);
    const [{ total }] = await t.sql<{ total: string }>(
      "SELECT coalesce(sum(e.amount), 0)::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id = ? AND a.kind = 'cash'",
      [user.id],
    );
    expect(Number(total)).toBe(cash);
  });

  it('maps the ledger and wallet tables read-only for back-office views (AdminJS)', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const txId = await fund(user.id, 4_321);
    await t.sql(`INSERT INTO wallet_transactions (user_id, type, amount) VALUES (?, 'deposit', 999)`, [user.id]); // a requested deposit
    const em = t.orm.em.fork();
    const entries = await em.find(LedgerEntryEntity, { transactionId: txId }, { orderBy: { amount: 'asc' } });
    expect(entries.map((e) => e.amount)).toEqual(['-4321', '4321']);
    const posting = await em.findOneOrFail(LedgerTransactionEntity, { id: txId });
    expect(posting.type).toBe('deposit');
    const cash = await em.findOneOrFail(LedgerAccountEntity, { ownerId: user.id, kind: 'cash' });
    expect(cash.balance).toBe('4321');
    const [request] = await em.find(WalletTransactionEntity, { userId: user.id });
    expect(request).toMatchObject({ type: 'deposit', amount: '999', status: 'Pending', destination: null });
  });
});
