import { buildUserInfo, type UserInfoAccount } from './user-info';

describe('buildUserInfo (the one place UserInfo is put together)', () => {
  const account: UserInfoAccount = {
    id: 'u1',
    emailVerified: true,
    email: 'jane@example.com',
    username: 'jane',
    firstname: 'Jane',
    lastname: 'Doe',
    roles: ['User', 'Trader'],
    kycStatus: 'Verified',
  };

  it('maps the account and the facts to the seed fields, balances as 2-decimal strings', () => {
    expect(buildUserInfo(account, { cash: 125_050, copyEquity: 30_000, traderID: 10, copyID: ['c1', 'c2'], copiedTrades: 3 })).toEqual({
      userId: 'u1',
      verified: true,
      email: 'jane@example.com',
      username: 'jane',
      firstname: 'Jane',
      lastname: 'Doe',
      traderID: 10,
      copyID: ['c1', 'c2'],
      balance: '1250.50',
      tradingBalance: '300.00',
      roles: ['User', 'Trader'],
      kycverified: true,
      kycstring: 'Verified',
      copiedTrades: 3,
    });
  });

  it('kycverified only for Verified; a bigint balance stays exact', () => {
    const info = buildUserInfo({ ...account, kycStatus: 'Pending' }, { cash: 10n ** 17n + 1n, copyEquity: 0, traderID: null, copyID: [], copiedTrades: 0 });
    expect(info).toMatchObject({ kycverified: false, kycstring: 'Pending', balance: '1000000000000000.01', tradingBalance: '0.00', traderID: null });
  });
});
