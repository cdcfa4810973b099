import { randomBytes } from 'node:crypto';
import { call, claims, createVerifiedUser, login } from './accounts';

/** First and last name of the trader ("lead") and of the copier; the tag and a random suffix end the last names. */
interface Names {
  lead: [string, string];
  copier: [string, string];
}

/** A verified trader, and a verified copier who deposited 1,000.00 (approved): nothing copied yet. */
export async function traderAndFundedCopier(adminToken: string, tag: string, names: Names) {
  const suffix = randomBytes(3).toString('hex');
  const person = (role: keyof Names) => ({
    username: `${role}_${tag}_${suffix}`,
    firstname: names[role][0],
    lastname: `${names[role][1]}${tag}${suffix}`,
    email: `${role}_${tag}_${suffix}@example.test`,
    password: `${role}-password-1`,
  });
  const trader = person('lead');
  const copier = person('copier');
  for (const [who, roles] of [[trader, ['User', 'Trader']], [copier, ['User']]] as const) await createVerifiedUser(adminToken, who, roles);
  const traderToken = await login(trader.email, trader.password);
  const traderId = claims(traderToken).traderID as number;
  const copierToken = await login(copier.email, copier.password);
  const deposit = await call('/wallet/deposit', { method: 'POST', token: copierToken, body: { amount: '1000.00' }, idempotent: true });
  await call(`/admin/transactions/${deposit.id}/approve`, { method: 'POST', token: adminToken, idempotent: true });
  return { copier, copierToken, traderToken, traderId, traderName: `${trader.firstname} ${trader.lastname}` };
}

/** A trader with two open crypto trades and a copier who copies them with 300.00 (and 700.00 left in cash). */
export async function copierWithPositions(adminToken: string, tag: string) {
  const { copier, copierToken, traderToken, traderId, traderName } = await traderAndFundedCopier(adminToken, tag, {
    lead: ['Cora', 'Controls'],
    copier: ['Colin', 'Copier'],
  });
  await call('/copies', { method: 'POST', token: copierToken, body: { traderId, amount: '300.00' }, idempotent: true });
  for (const symbol of ['BTCUSDT', 'ETHUSDT']) await call('/trader/trades', { method: 'POST', token: traderToken, body: { symbol, side: 'buy', allocationPct: 30 } });
  return { copier, traderName };
}
