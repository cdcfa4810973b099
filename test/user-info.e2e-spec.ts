import { PasswordHasher } from '@mirrorline/auth';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import type { UserInfo } from '@mirrorline/accounts';
import { openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

// UserInfo is built in one place (auth's UserInfoBuilder over buildUserInfo of @mirrorline/accounts): the access
// token a login signs and GET user/get carry the same object, field for field, copyID in the same order.
const USER_INFO_KEYS: Array<keyof UserInfo> = [
  'userId', 'verified', 'email', 'username', 'firstname', 'lastname', 'traderID', 'copyID',
  'balance', 'tradingBalance', 'roles', 'kycverified', 'kycstring', 'copiedTrades',
];
const PASSWORD = 'Correct-Horse-9-battery';

describe('UserInfo: the access token and GET user/get agree', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  async function trader(): Promise<TestUser & { traderId: number }> {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, 20) };
  }

  /** Logs in with the password (a real session) and decodes the access token's UserInfo claim. */
  async function loginInfo(email: string): Promise<{ info: UserInfo; bearer: string }> {
    const res = await t.http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    const token = res.body.accessToken as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { UserInfo: UserInfo };
    return { info: claims.UserInfo, bearer: `Bearer ${token}` };
  }

  async function profileOf(bearer: string): Promise<Record<string, unknown>> {
    return (await t.http().get('/api/user/get').set('Authorization', bearer).expect(200)).body.user;
  }

  const pick = (o: Record<string, unknown>) => Object.fromEntries(USER_INFO_KEYS.map((k) => [k, o[k]]));

  it('for a trader who follows two traders (one copy stopped), with copied trades and balances', async () => {
    const passwordHash = await t.app.get(PasswordHasher).hash(PASSWORD);
    const me = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified', passwordHash });
    const myTraderId = await fx.insertTraderProfile(sql, me.id, 25);
    await fx.fundCash(sql, me.id, 200_000);
    const [a, b, c] = [await trader(), await trader(), await trader()];
    const follow = async (tr: { traderId: number }, amount: string) =>
      (await t.http().post('/api/copies').set('Authorization', me.bearer).send({ traderId: tr.traderId, amount }).expect(201)).body as { id: string };
    const first = await follow(a, '300.00');
    const stopped = await follow(b, '100.00');
    const third = await follow(c, '250.00');
    await t.http().post(`/api/copies/${stopped.id}/stop`).set('Authorization', me.bearer).expect(200);
    expect((await openAt(t, a.bearer, '100')).body.copied).toBe(1);
    expect((await openAt(t, c.bearer, '100')).body.copied).toBe(1);

    const { info, bearer } = await loginInfo(me.email);
    const profile = await profileOf(bearer);
    expect(Object.keys(info).sort()).toEqual([...USER_INFO_KEYS].sort());
    expect(pick(profile)).toEqual(info);
    // The facts themselves, so that agreeing on wrong values would not pass: live copies oldest first.
    expect(info).toMatchObject({
      userId: me.id,
      traderID: myTraderId,
      copyID: [first.id, third.id],
      balance: '1450.00',
      tradingBalance: '550.00',
      roles: ['User', 'Trader'],
      kycverified: true,
      kycstring: 'Verified',
      copiedTrades: 2,
    });
  });

  it('for a new user with nothing (no trader profile, no copies), and again after KYC and the first follow', async () => {
    const passwordHash = await t.app.get(PasswordHasher).hash(PASSWORD);
    const me = await createUser(t, { kyc: 'Pending', passwordHash });
    let { info, bearer } = await loginInfo(me.email);
    expect(pick(await profileOf(bearer))).toEqual(info);
    expect(info).toMatchObject({ traderID: null, copyID: [], copiedTrades: 0, balance: '0.00', tradingBalance: '0.00', kycverified: false, kycstring: 'Pending' });

    // Only KYC-Verified users may follow: the admin's decision, then cash.
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: me.id, KYC: 'Verified' }).expect(200);
    await fx.fundCash(sql, me.id, 10_000);
    const tr = await trader();
    const { body: copy } = await t.http().post('/api/copies').set('Authorization', me.bearer).send({ traderId: tr.traderId, amount: '40.00' }).expect(201);
    ({ info, bearer } = await loginInfo(me.email));
    expect(pick(await profileOf(bearer))).toEqual(info);
    expect(info).toMatchObject({ copyID: [copy.id], balance: '60.00', tradingBalance: '40.00', kycverified: true, kycstring: 'Verified' });
  });
});
