import { assertBalanced, isNegativeBalanceViolation } from './sql-ledger';

describe('SqlLedger helpers', () => {
  it('accepts a balanced posting', () => {
    expect(() => assertBalanced({ type: 'deposit', reference: 'r1', entries: [{ accountId: '1', amount: -5 }, { accountId: '9', amount: 5 }] })).not.toThrow();
  });
  it.each([
    [{ type: 'x', reference: 'r', entries: [{ accountId: '1', amount: 5 }] }, /two entries/],
    [{ type: 'x', reference: 'r', entries: [{ accountId: '1', amount: 5 }, { accountId: '2', amount: -4 }] }, /does not balance/],
    [{ type: 'x', reference: 'r', entries: [{ accountId: '1', amount: 0 }, { accountId: '2', amount: 0 }] }, /non-zero integer/],
    [{ type: 'x', reference: 'r', entries: [{ accountId: '1', amount: 0.5 }, { accountId: '2', amount: -0.5 }] }, /non-zero integer/],
    [{ type: 'x', reference: 'r', entries: [{ accountId: '1; DROP', amount: 1 }, { accountId: '2', amount: -1 }] }, /not a ledger account id/],
    [{ type: '', reference: 'r', entries: [{ accountId: '1', amount: 1 }, { accountId: '2', amount: -1 }] }, /type/],
  ])('refuses %j', (posting, message) => {
    expect(() => assertBalanced(posting)).toThrow(message);
  });
  it('recognises only the non-negative CHECK as insufficient funds', () => {
    expect(isNegativeBalanceViolation({ code: '23514', constraint: 'ledger_accounts_non_negative' })).toBe(true);
    expect(isNegativeBalanceViolation({ code: '23514', message: 'violates check constraint "ledger_accounts_non_negative"' })).toBe(true);
    expect(isNegativeBalanceViolation({ code: '23514', constraint: 'other_check' })).toBe(false);
    expect(isNegativeBalanceViolation({ code: '23505', constraint: 'ledger_accounts_non_negative' })).toBe(false);
  });
});
