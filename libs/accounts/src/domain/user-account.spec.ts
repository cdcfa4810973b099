import { deletionBlocker, effectiveChanges, tombstoneFor, traderExposureBlocker, ZERO_BALANCES } from './user-account';

describe('account deletion rules', () => {
  it('allow deletion only with every account at zero and no open copy', () => {
    expect(deletionBlocker(ZERO_BALANCES, 0)).toBeNull();
    expect(deletionBlocker({ ...ZERO_BALANCES, cash: 1 }, 0)?.message).toMatch(/holds money/);
    expect(deletionBlocker({ ...ZERO_BALANCES, held: 500 }, 0)?.message).toMatch(/holds money/);
    expect(deletionBlocker({ ...ZERO_BALANCES, copyEquity: 10 }, 0)?.message).toMatch(/holds money/);
    expect(deletionBlocker(ZERO_BALANCES, 1)?.message).toMatch(/open copies/);
  });

  it('refuse deletion while a deposit or withdrawal waits for a decision', () => {
    expect(deletionBlocker(ZERO_BALANCES, 0, 1)).toMatchObject({ code: 'USERS.PENDING_TRANSACTIONS' });
  });

  it("refuse deleting a trader whose followers still have live copies or open positions", () => {
    expect(deletionBlocker(ZERO_BALANCES, 0, 0, { liveCopies: 2, openTrades: 0 })).toMatchObject({ code: 'USERS.TRADER_HAS_FOLLOWERS' });
    expect(deletionBlocker(ZERO_BALANCES, 0, 0, { liveCopies: 0, openTrades: 1 })).toMatchObject({ code: 'USERS.TRADER_HAS_FOLLOWERS' });
    expect(traderExposureBlocker({ liveCopies: 0, openTrades: 0 })).toBeNull();
  });

  it('replace identity with a unique tombstone that fits the columns', () => {
    const a = tombstoneFor('5f0c7a9e-1111-4222-8333-944445555666');
    const b = tombstoneFor('5f0c7a9e-1111-4222-8333-944445555667');
    expect(a.email).toBe('deleted-5f0c7a9e111142228333944445555666@deleted.invalid');
    expect(a.email).not.toBe(b.email);
    expect(a.username.length).toBeLessThanOrEqual(32);
    expect(a.firstname).toBe('');
    expect(a.lastname).toBe('');
  });
});

describe('profile update diff', () => {
  const current = { roles: ['User' as const], kycStatus: 'Unverified' as const, cash: 1000 };

  it('drops fields equal to the current values', () => {
    expect(effectiveChanges(current, { roles: ['User'], kycStatus: 'Unverified', cash: 1000 })).toEqual({});
  });

  it('keeps the fields that change', () => {
    expect(effectiveChanges(current, { roles: ['User', 'Trader'], cash: 0 })).toEqual({ roles: ['User', 'Trader'], cash: 0 });
    expect(effectiveChanges(current, { kycStatus: 'Verified' })).toEqual({ kycStatus: 'Verified' });
  });
});
