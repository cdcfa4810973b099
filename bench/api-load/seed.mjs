// The large data set of the API load bench, in set-based SQL: a trader with COPIES copies (one follower each,
// funded 1,000.00 through the ledger) and POSITIONS closed positions: POSITIONS / FOLLOWERS closed trades,
// each copied by the first FOLLOWERS copies. `db` is a node-postgres client.
import { performance } from 'node:perf_hooks';

export async function seedLarge(db, { copies: COPIES, positions: POSITIONS, followers: FOLLOWERS }) {
  const started = performance.now();
  const positionsPerFollower = Math.max(1, Math.round(POSITIONS / FOLLOWERS));
  await db.query(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
     VALUES ('big-trader@bench.test', 'bench_big_trader', 'Bench', 'Trader', 'x', '{User,Trader}', true, 'Verified')`,
  );
  const {
    rows: [{ id: traderId }],
  } = await db.query(
    `INSERT INTO trader_profiles (user_id, name, share_pct, max_copiers)
     SELECT id, 'Bench Big Trader', 20, 1000000 FROM users WHERE username = 'bench_big_trader' RETURNING id`,
  );
  await db.query(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, email_verified, kyc_status)
     SELECT 'lf' || g || '@bench.test', 'lf_' || g, 'Bench', 'Follower', 'x', true, 'Verified' FROM generate_series(1, $1) g`,
    [COPIES],
  );
  await db.query(
    `INSERT INTO copies (follower_id, trader_id, invested, high_water_mark, created_at)
     SELECT id, $1, 100000, 100000, now() - interval '200 days' FROM users WHERE username LIKE 'lf\\_%'`,
    [traderId],
  );
  await db.query(`INSERT INTO ledger_accounts (owner_id, kind) SELECT follower_id, 'cash' FROM copies WHERE trader_id = $1`, [traderId]);
  await db.query(`INSERT INTO ledger_accounts (owner_id, kind, copy_id) SELECT follower_id, 'copy_equity', id FROM copies WHERE trader_id = $1`, [traderId]);
  await db.query(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', 'bench:' || gen_random_uuid()) RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, 100000 FROM tx, ledger_accounts a JOIN copies c ON c.id = a.copy_id WHERE a.kind = 'copy_equity' AND c.trader_id = $1
     UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -100000::bigint * $2 FROM tx`,
    [traderId, COPIES],
  );
  // positionsPerFollower closed trades, each copied by the first FOLLOWERS copies.
  await db.query(
    `INSERT INTO trader_trades (trader_id, market, pair, symbol, side, entry_price, exit_price, allocation_pct, pnl_pct, status,
                                close_reason, copied_count, copiers_pnl, copiers_fees, opened_at, closed_at)
     SELECT $1, 'Crypto', 'BTCUSDT', 'BTCUSDT', 'buy', 100, 100 + (g % 7) - 3, 10, ((g % 7) - 3)::numeric, 'closed', 'manual', $2,
            ((g % 7) - 3) * 100 * $2, 0, now() - g * interval '3 hours' - interval '1 hour', now() - g * interval '3 hours'
     FROM generate_series(1, $3) g`,
    [traderId, FOLLOWERS, positionsPerFollower],
  );
  await db.query(
    `INSERT INTO copy_positions (trade_id, copy_id, follower_id, size, settled, pnl, fee, opened_at, settled_at)
     SELECT t.id, c.id, c.follower_id, 10000, true, (t.pnl_pct * 100)::bigint, 0, t.opened_at, t.closed_at
     FROM trader_trades t
     CROSS JOIN (SELECT id, follower_id FROM copies WHERE trader_id = $1 ORDER BY id LIMIT $2) c
     WHERE t.trader_id = $1`,
    [traderId, FOLLOWERS],
  );
  await db.query('ANALYZE');
  const {
    rows: [{ n }],
  } = await db.query('SELECT count(*)::int AS n FROM copy_positions');
  const {
    rows: [follower],
  } = await db.query(
    `SELECT u.id, u.email FROM copies c JOIN users u ON u.id = c.follower_id WHERE c.trader_id = $1 ORDER BY c.id LIMIT 1`,
    [traderId],
  );
  console.log(
    `seeded: trader ${traderId} with ${COPIES.toLocaleString('en-US')} copies, ${Number(n).toLocaleString('en-US')} closed positions ` +
      `over ${FOLLOWERS.toLocaleString('en-US')} followers, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { traderId: Number(traderId), follower };
}

