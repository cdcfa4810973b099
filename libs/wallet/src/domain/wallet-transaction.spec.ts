import { DomainError } from '@mirrorline/shared';
import { WalletTransaction } from './wallet-transaction';

const now = new Date('2026-11-23T10:00:00.000Z');
const later = new Date('2026-11-23T11:00:00.000Z');
const deposit = () => WalletTransaction.request({ id: 'd1', userId: 'u1', type: 'deposit', amount: 1000, now });
const withdrawal = () => WalletTransaction.request({ id: 'w1', userId: 'u1', type: 'withdrawal', amount: 1000, destination: 'IBAN', now });

describe('WalletTransaction', () => {
  it('starts Pending with no decision', () => {
    expect(deposit().snapshot()).toMatchObject({ status: 'Pending', decidedAt: null, decidedBy: null, destination: null, createdAt: now });
  });

  it('holds funds when a withdrawal is requested, not for a deposit', () => {
    expect(withdrawal().requestMove()).toEqual({ type: 'withdrawal_hold', from: 'cash', to: 'held' });
    expect(deposit().requestMove()).toBeNull();
  });

  it.each([
    ['deposit', 'approve', { type: 'deposit', from: 'platform_deposits', to: 'cash' }, 'Approved'],
    ['deposit', 'reject', null, 'Rejected'],
    ['withdrawal', 'approve', { type: 'withdrawal', from: 'held', to: 'platform_withdrawals' }, 'Approved'],
    ['withdrawal', 'reject', { type: 'withdrawal_release', from: 'held', to: 'cash' }, 'Rejected'],
  ] as const)('%s + %s moves %j and ends %s', (type, decision, move, status) => {
    const t = type === 'deposit' ? deposit() : withdrawal();
    expect(t.decide(decision, 'admin', later, 'why')).toEqual(move);
    expect(t.snapshot()).toMatchObject({ status, decidedAt: later, decidedBy: 'admin', note: 'why' });
  });

  it.each(['approve', 'reject'] as const)('refuses a second decision (%s after a decision) with 409 NOT_PENDING', (second) => {
    for (const first of ['approve', 'reject'] as const) {
      const t = withdrawal();
      t.decide(first, 'admin', later);
      const error = (() => {
        try {
          t.decide(second, 'admin2', later);
        } catch (e) {
          return e as DomainError;
        }
        throw new Error('expected a refusal');
      })();
      expect(error.code).toBe('WALLET.TRANSACTION_NOT_PENDING');
      expect(error.kind).toBe('conflict');
      expect(t.snapshot().decidedBy).toBe('admin');
    }
  });

  it('refuses non-positive amounts and a withdrawal without destination', () => {
    expect(() => WalletTransaction.request({ id: 'x', userId: 'u', type: 'deposit', amount: 0, now })).toThrow(DomainError);
    expect(() => WalletTransaction.request({ id: 'x', userId: 'u', type: 'deposit', amount: 1.5, now })).toThrow(DomainError);
    expect(() => WalletTransaction.request({ id: 'x', userId: 'u', type: 'withdrawal', amount: 5, now })).toThrow(/destination/);
  });
});
