import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './market';
import { createTestApp, type TestApp } from './test-app';
import { createUser, type TestUser } from './users';

// The set-up the copy-trading specs (test/copy-trading-*.e2e-spec.ts) share: one app per file, traders and
// followers, follow/open/close helpers, and the ledger check after every test.

/**
 * Call at the top of a describe: registers its hooks and returns the helpers. `t` and `sql` are set once
 * beforeAll ran (read them inside tests or hooks, not at collection time).
 */
export function useCopyTradingApp() {
  async function trader(share = 20, maxCopiers = 100000): Promise<TestUser & { traderId: number }> {
    const user = await createUser(spec.t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(spec.sql, user.id, share, maxCopiers) };
  }
  async function follower(cash = 100_000): Promise<TestUser> {
    const user = await createUser(spec.t, { kyc: 'Verified' });
    if (cash) await fx.fundCash(spec.sql, user.id, cash);
    return user;
  }
  const follow = (who: TestUser, body: Record<string, unknown>) => spec.t.http().post('/api/copies').set('Authorization', who.bearer).send(body);
  // Market orders: the spec names the price by setting the test feed's quote (bid = ask) before the order.
  const open = (who: TestUser, body: Record<string, unknown> = {}, query = '') => {
    const { entryPrice = '100', ...rest } = body;
    return openAt(spec.t, who.bearer, entryPrice as string, rest, query);
  };
  const close = (who: TestUser, tradeId: string, exitPrice: string) => closeAt(spec.t, who.bearer, tradeId, exitPrice);
  const myCopy = async (who: TestUser, copyId: string) =>
    (await spec.t.http().get('/api/copies').set('Authorization', who.bearer).expect(200)).body.find((c: { id: string }) => c.id === copyId);
  const skipsOf = (tradeId: string) => spec.sql<{ copy_id: string; reason: string }>('SELECT copy_id, reason FROM copy_skips WHERE trade_id = ?', [tradeId]);

  beforeAll(async () => {
    spec.t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    spec.sql = spec.t.sql as fx.Sql;
  });
  afterAll(() => spec.t.close());

  afterEach(async () => {
    const check = await fx.ledgerCheck(spec.sql);
    expect(check).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  const spec = { t: undefined as unknown as TestApp, sql: undefined as unknown as fx.Sql, trader, follower, follow, open, close, myCopy, skipsOf };
  return spec;
}
