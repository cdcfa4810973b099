import fc from 'fast-check';
import { formatCents } from '@mirrorline/shared';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * Property: any sequence of deposits, withdrawals (also several at once), approvals, rejections and idempotent retries,
 * sent through the real HTTP API, behaves like a tiny in-memory model, and afterwards the ledger's
 * invariants hold (entries sum to zero, balance = Σ entries, no negative balance, one effect per key).
 */
interface ModelTx {
  id: string;
  userIndex: number;
  type: 'deposit' | 'withdrawal';
  amount: number;
  status: 'Pending' | 'Approved' | 'Rejected';
}
interface Model {
  cash: number[];
  held: number[];
  txs: ModelTx[];
  /** responses of keyed requests, to replay */
  keyed: Array<{ userIndex: number; path: string; body: object; key: string; status: number; response: unknown }>;
}
interface Real {
  t: TestApp;
  users: TestUser[];
  admin: TestUser;
  run: number;
  seq: { n: number };
}

const USERS = 3;
const START_CENTS = 25_000;

async function send(real: Real, user: TestUser, path: string, body: object, key?: string) {
  const req = real.t.http().post(`/api${path}`).set('Authorization', user.bearer);
  if (key) req.set('Idempotency-Key', key);
  const res = await req.send(body);
  if (res.status >= 500) throw new Error(`500 on ${path}: ${JSON.stringify(res.body)}`);
  return res;
}

class DepositCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly userIndex: number, readonly amount: number, readonly keyed: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const body = { amount: formatCents(this.amount) };
    const key = this.keyed ? `r${real.run}-${real.seq.n++}` : undefined;
    const res = await send(real, real.users[this.userIndex], '/wallet/deposit', body, key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'Pending', amount: body.amount, type: 'deposit' });
    model.txs.push({ id: res.body.id, userIndex: this.userIndex, type: 'deposit', amount: this.amount, status: 'Pending' });
    if (key) model.keyed.push({ userIndex: this.userIndex, path: '/wallet/deposit', body, key, status: res.status, response: res.body });
  }
  toString = () => `deposit(u${this.userIndex}, ${formatCents(this.amount)}${this.keyed ? ', keyed' : ''})`;
}

class WithdrawCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly userIndex: number, readonly amount: number, readonly keyed: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const body = { amount: formatCents(this.amount), destination: `acct-${this.userIndex}` };
    const key = this.keyed ? `r${real.run}-${real.seq.n++}` : undefined;
    const res = await send(real, real.users[this.userIndex], '/wallet/withdraw', body, key);
    if (model.cash[this.userIndex] >= this.amount) {
      expect(res.status).toBe(201);
      model.cash[this.userIndex] -= this.amount;
      model.held[this.userIndex] += this.amount;
      model.txs.push({ id: res.body.id, userIndex: this.userIndex, type: 'withdrawal', amount: this.amount, status: 'Pending' });
    } else {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
    }
    if (key) model.keyed.push({ userIndex: this.userIndex, path: '/wallet/withdraw', body, key, status: res.status, response: res.body });
  }
  toString = () => `withdraw(u${this.userIndex}, ${formatCents(this.amount)}${this.keyed ? ', keyed' : ''})`;
}

/** Several withdrawals of one user at the same time: exactly as many succeed as the cash allows. */
class ParallelWithdrawCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly userIndex: number, readonly amount: number, readonly count: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const body = { amount: formatCents(this.amount), destination: 'parallel' };
    const results = await Promise.all(Array.from({ length: this.count }, () => send(real, real.users[this.userIndex], '/wallet/withdraw', body)));
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(Math.min(this.count, Math.floor(model.cash[this.userIndex] / this.amount)));
    for (const r of results) if (r.status !== 201) expect(r.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
    for (const r of accepted) {
      model.cash[this.userIndex] -= this.amount;
      model.held[this.userIndex] += this.amount;
      model.txs.push({ id: r.body.id, userIndex: this.userIndex, type: 'withdrawal', amount: this.amount, status: 'Pending' });
    }
  }
  toString = () => `parallelWithdraw(u${this.userIndex}, ${formatCents(this.amount)} x${this.count})`;
}

class DecideCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly decision: 'approve' | 'reject') {}
  check = (model: Readonly<Model>) => model.txs.length > 0;
  async run(model: Model, real: Real) {
    const tx = model.txs[this.pick % model.txs.length];
    const res = await send(real, real.admin, `/admin/transactions/${tx.id}/${this.decision}`, {});
    if (tx.status !== 'Pending') {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('WALLET.TRANSACTION_NOT_PENDING');
      return;
    }
    expect(res.status).toBe(200);
    tx.status = this.decision === 'approve' ? 'Approved' : 'Rejected';
    expect(res.body.status).toBe(tx.status);
    const u = tx.userIndex;
    if (tx.type === 'deposit' && this.decision === 'approve') model.cash[u] += tx.amount;
    if (tx.type === 'withdrawal') {
      model.held[u] -= tx.amount;
      if (this.decision === 'reject') model.cash[u] += tx.amount;
    }
  }
  toString = () => `${this.decision}(#${this.pick})`;
}

class ReplayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.keyed.length > 0;
  async run(model: Model, real: Real) {
    const first = model.keyed[this.pick % model.keyed.length];
    const res = await send(real, real.users[first.userIndex], first.path, first.body, first.key);
    expect(res.status).toBe(first.status);
    expect(res.body).toEqual(first.response);
  }
  toString = () => `replay(#${this.pick})`;
}

const cents = fc.integer({ min: 1, max: 20_000 });
const userIndex = fc.integer({ min: 0, max: USERS - 1 });
const commands = [
  fc.tuple(userIndex, cents, fc.boolean()).map(([u, a, k]) => new DepositCommand(u, a, k)),
  fc.tuple(userIndex, cents, fc.boolean()).map(([u, a, k]) => new WithdrawCommand(u, a, k)),
  fc.tuple(fc.nat(), fc.constantFrom('approve' as const, 'reject' as const)).map(([p, d]) => new DecideCommand(p, d)),
  fc.tuple(fc.nat(), fc.constantFrom('approve' as const, 'reject' as const)).map(([p, d]) => new DecideCommand(p, d)),
  fc.nat().map((p) => new ReplayCommand(p)),
  fc.tuple(userIndex, fc.integer({ min: 1_000, max: 12_000 }), fc.integer({ min: 2, max: 6 })).map(([u, a, n]) => new ParallelWithdrawCommand(u, a, n)),
];

describe('wallet property: HTTP API against an in-memory model', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
  });
  afterAll(() => t.close());

  it('keeps balances equal to the model and the ledger balanced', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        run++;
        const users = await Promise.all(Array.from({ length: USERS }, (_, i) => createUser(t, { kyc: 'Verified', withdrawalAddresses: [`acct-${i}`, 'parallel'] })));
        // Each user starts with an approved deposit so that withdrawals have something to move.
        for (const user of users) {
          const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).send({ amount: formatCents(START_CENTS) }).expect(201);
          await t.http().post(`/api/admin/transactions/${deposit.body.id}/approve`).set('Authorization', admin.bearer).expect(200);
        }
        const model: Model = { cash: Array(USERS).fill(START_CENTS), held: Array(USERS).fill(0), txs: [], keyed: [] };
        const real: Real = { t, users, admin, run, seq: { n: 0 } };
        await fc.asyncModelRun(() => ({ model, real }), cmds);

        for (let i = 0; i < USERS; i++) {
          const wallet = (await t.http().get('/api/wallet').set('Authorization', users[i].bearer).expect(200)).body;
          expect({ balance: wallet.balance, held: wallet.held }).toEqual({ balance: formatCents(model.cash[i]), held: formatCents(model.held[i]) });
        }
        // One effect per key: exactly the requests the model accepted exist, no more.
        const [{ n }] = await t.sql<{ n: string }>(
          'SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ANY(?::uuid[])',
          [`{${users.map((u) => u.id).join(',')}}`],
        );
        expect(Number(n)).toBe(model.txs.length + USERS);
        const check = (await t.http().get('/api/admin/wallets').set('Authorization', admin.bearer).expect(200)).body.ledgerCheck;
        expect(check).toEqual({ balanced: true, entriesSum: '0.00', unbalancedTransactions: 0, duplicates: 0, mismatches: [] });
        const [{ negative }] = await t.sql<{ negative: string }>(
          'SELECT count(*)::text AS negative FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0',
        );
        expect(Number(negative)).toBe(0);
        const [{ unbalanced }] = await t.sql<{ unbalanced: string }>(
          'SELECT count(*)::text AS unbalanced FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) x',
        );
        expect(Number(unbalanced)).toBe(0);
      }),
      { numRuns: 20 },
    );
  }, 600_000); // 20 runs of up to 30 commands over HTTP: a bound on a hung run, sized for a loaded machine
});
