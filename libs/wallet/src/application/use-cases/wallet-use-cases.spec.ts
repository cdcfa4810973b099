import { FixedClock } from '@mirrorline/shared';
import { InMemoryAuditLog } from '@mirrorline/audit/testing';
import {
  InMemoryAccountHolders,
  InMemoryLedger,
  InMemoryUnitOfWork,
  InMemoryWalletTransactionRepository,
  InMemoryWithdrawalAddresses,
} from '../../testing/in-memory-wallet.fakes';
import { AdjustBalanceUseCase } from './adjust-balance/adjust-balance.use-case';
import { DecideTransactionUseCase } from './decide-transaction/decide-transaction.use-case';
import { RequestDepositUseCase } from './request-deposit/request-deposit.use-case';
import { RequestWithdrawalUseCase } from './request-withdrawal/request-withdrawal.use-case';

function setup() {
  const ledger = new InMemoryLedger();
  const repo = new InMemoryWalletTransactionRepository();
  const holders = new InMemoryAccountHolders();
  const uow = new InMemoryUnitOfWork(ledger, repo);
  const clock = new FixedClock(new Date('2026-11-23T00:00:00Z'));
  holders.kyc.set('u1', 'Verified');
  holders.kyc.set('u2', 'Pending');
  holders.kyc.set('admin', 'Verified');
  const audit = new InMemoryAuditLog();
  // Withdrawals go only to saved, cooled-down addresses: these two are saved and usable.
  const addresses = new InMemoryWithdrawalAddresses();
  const past = new Date('2026-11-01T00:00:00Z');
  for (const userId of ['u1', 'u2']) {
    for (const destination of ['IBAN', 'x']) addresses.rows.push({ id: `${userId}-${destination}`, userId, label: destination, destination, createdAt: past, usableAt: past });
  }
  addresses.rows.push({ id: 'cooling', userId: 'u1', label: 'new', destination: 'NEW-IBAN', createdAt: clock.now(), usableAt: new Date(clock.now().getTime() + 86_400_000) });
  return {
    ledger,
    repo,
    holders,
    audit,
    deposit: new RequestDepositUseCase(uow, clock, holders, repo),
    withdraw: new RequestWithdrawalUseCase(uow, clock, holders, ledger, repo, addresses),
    decide: new DecideTransactionUseCase(uow, clock, ledger, repo, holders, audit),
    uow,
    adjust: new AdjustBalanceUseCase(ledger, holders),
  };
}

async function funded(amount: string) {
  const s = setup();
  const d = await s.deposit.execute({ userId: 'u1', amount });
  await s.decide.execute({ transactionId: d.id, decision: 'approve', adminId: 'admin' });
  return s;
}

describe('wallet use cases (in memory)', () => {
  it('credits a deposit only when approved, from platform_deposits', async () => {
    const s = setup();
    const d = await s.deposit.execute({ userId: 'u1', amount: '12.34' });
    expect(await s.ledger.balances(null, 'u1')).toEqual({ cash: 0, held: 0, copyEquity: 0 });
    await s.decide.execute({ transactionId: d.id, decision: 'approve', adminId: 'admin' });
    expect((await s.ledger.balances(null, 'u1')).cash).toBe(1234);
    expect(s.ledger.platformBalance('platform_deposits')).toBe(-1234);
  });

  it('requires KYC Verified for deposits and withdrawals', async () => {
    const s = setup();
    await expect(s.deposit.execute({ userId: 'u2', amount: '1.00' })).rejects.toMatchObject({ code: 'KYC_REQUIRED', kind: 'forbidden' });
    await expect(s.withdraw.execute({ userId: 'u2', amount: '1.00', destination: 'x' })).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    expect(s.repo.rows).toEqual([]);
  });

  it('holds a withdrawal at once, releases it on reject and pays it out on approve', async () => {
    const s = await funded('100.00');
    const w1 = await s.withdraw.execute({ userId: 'u1', amount: '30.00', destination: 'IBAN' });
    const w2 = await s.withdraw.execute({ userId: 'u1', amount: '20.00', destination: 'IBAN' });
    expect(await s.ledger.balances(null, 'u1')).toMatchObject({ cash: 5000, held: 5000 });
    await s.decide.execute({ transactionId: w1.id, decision: 'reject', adminId: 'admin' });
    await s.decide.execute({ transactionId: w2.id, decision: 'approve', adminId: 'admin' });
    expect(await s.ledger.balances(null, 'u1')).toMatchObject({ cash: 8000, held: 0 });
    expect(s.ledger.platformBalance('platform_withdrawals')).toBe(2000);
  });

  it('refuses a destination that is not a saved, cooled-down address, and holds nothing', async () => {
    const s = await funded('50.00');
    for (const destination of ['SOMEONE-ELSES-IBAN', 'NEW-IBAN']) {
      await expect(s.withdraw.execute({ userId: 'u1', amount: '10.00', destination })).rejects.toMatchObject({ code: 'WALLET.DESTINATION_NOT_ALLOWED' });
    }
    expect(s.ledger.platformBalance('platform_withdrawals')).toBe(0);
    expect((await s.withdraw.execute({ userId: 'u1', amount: '10.00', destination: 'IBAN' })).snapshot().status).toBe('Pending');
  });

  it('refuses a withdrawal above the free cash and records nothing (rolled back)', async () => {
    const s = await funded('10.00');
    const rows = s.repo.rows.length;
    await expect(s.withdraw.execute({ userId: 'u1', amount: '10.01', destination: 'IBAN' })).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    expect(s.repo.rows).toHaveLength(rows);
    expect((await s.ledger.balances(null, 'u1')).cash).toBe(1000);
  });

  it('decides only Pending transactions and 404s unknown ones', async () => {
    const s = setup();
    const d = await s.deposit.execute({ userId: 'u1', amount: '1.00' });
    await s.decide.execute({ transactionId: d.id, decision: 'reject', adminId: 'admin' });
    await expect(s.decide.execute({ transactionId: d.id, decision: 'approve', adminId: 'admin' })).rejects.toMatchObject({ code: 'WALLET.TRANSACTION_NOT_PENDING' });
    await expect(s.decide.execute({ transactionId: 'nope', decision: 'approve', adminId: 'admin' })).rejects.toMatchObject({ code: 'WALLET.TRANSACTION_NOT_FOUND', kind: 'not_found' });
    expect((await s.ledger.balances(null, 'u1')).cash).toBe(0);
  });

  it('adds to cash against platform_adjustments, both ways, never below zero', async () => {
    const s = await funded('10.00');
    const add = (userId: string, amount: number) => s.uow.run((tx) => s.adjust.addIn(tx, { userId, amount, actorId: 'admin', reason: 'correction' }));
    expect(await add('u1', 1500)).toMatchObject({ before: 1000, after: 2500 });
    expect(s.ledger.platformBalance('platform_adjustments')).toBe(-1500);
    expect(await add('u1', -2500)).toMatchObject({ before: 2500, after: 0 });
    expect(s.ledger.platformBalance('platform_adjustments')).toBe(1000);
    await expect(add('u1', -1)).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS', kind: 'conflict' });
    await expect(add('u1', 0)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(add('u1', 1.5)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(add('ghost', 1)).rejects.toMatchObject({ code: 'USERS.NOT_FOUND' });
    expect((await s.ledger.balances(null, 'u1')).cash).toBe(0);
  });

  it('audits every decision with the status before and after, the amount and the ip', async () => {
    const s = setup();
    const d = await s.deposit.execute({ userId: 'u1', amount: '12.34' });
    await s.decide.execute({ transactionId: d.id, decision: 'approve', adminId: 'admin', ip: '10.1.2.3' });
    const d2 = await s.deposit.execute({ userId: 'u1', amount: '5.00' });
    await s.decide.execute({ transactionId: d2.id, decision: 'reject', adminId: 'admin', note: 'no proof', impersonatedBy: 'root' });
    expect(s.audit.entries).toEqual([
      expect.objectContaining({
        actorId: 'admin',
        action: 'wallet.approve',
        targetType: 'wallet_transaction',
        targetId: d.id,
        before: { status: 'Pending' },
        after: expect.objectContaining({ status: 'Approved', amount: '12.34', type: 'deposit', userId: 'u1', ledgerTransactionId: expect.any(String) }),
        ip: '10.1.2.3',
      }),
      expect.objectContaining({
        actorId: 'root',
        action: 'wallet.reject',
        before: { status: 'Pending' },
        after: expect.objectContaining({ status: 'Rejected', amount: '5.00', note: 'no proof', ledgerTransactionId: null, impersonatedBy: 'root' }),
      }),
    ]);
  });

  it('refuses approving a deposit of a deleted account (409) and lets the admin reject it', async () => {
    const s = setup();
    const d = await s.deposit.execute({ userId: 'u1', amount: '10.00' });
    s.holders.deleted.add('u1');
    await expect(s.decide.execute({ transactionId: d.id, decision: 'approve', adminId: 'admin' })).rejects.toMatchObject({
      code: 'WALLET.ACCOUNT_DELETED',
      kind: 'conflict',
    });
    expect((await s.ledger.balances(null, 'u1')).cash).toBe(0);
    expect((await s.decide.execute({ transactionId: d.id, decision: 'reject', adminId: 'admin' })).snapshot().status).toBe('Rejected');
  });
});
