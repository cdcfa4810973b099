// Copy fan-out bench: one trader with 100,000 active copies; times opening a trade (fan-out to every
// copy) and closing it (settlement of every position through the ledger) with the real adapter code,
// and, in the same run, the floor: a raw INSERT … SELECT (and UPDATE) of the same number of rows.
//
//   node bench/copy-fanout/run.mjs                 (npm run bench:fanout)
//   BENCH_COPIES=100000 BENCH_ROUNDS=3 DATABASE_URL=postgres://… node bench/copy-fanout/run.mjs
//
// Uses the compiled code (dist/, rebuilt when stale): MikroORM with the app's options and migrations,
// the copy-trading use cases (OpenTradeUseCase, CloseTradeUseCase) wired by hand to their SQL adapters,
// the wallet's SqlLedger and the notices outbox (notifications and the copiers' position_opened /
// position_closed live events, written after the commit and timed apart) — no HTTP, no Nest container: what is measured is the engine. Orders are market
// orders: they fill at the quote of a MarketQuotes stand-in the bench moves itself (the market's tables and
// feed are not what is measured here).
// Prints the figures and the targets (open ≤ 1.5 s and ≤ 3× floor; close ≤ 3 s and ≤ 4× floor; the followers'
// notices delivered ≤ 1.5 s after the open's and the close's commit, issues 27 and 29);
// exits 1 when a target is missed or the ledger check fails. It is a measurement, not a test.
import { createRequire } from 'node:module';


import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { benchDatabase, median, seconds, sqlProfile, time } from '../lib.mjs';

const COPIES = Number(process.env.BENCH_COPIES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

if (apiIsStale()) buildApi();
const require = createRequire(import.meta.url);
const dist = (p) => require(join(root, 'dist', p));
const { MikroORM } = require('@mikro-orm/postgresql');
const { mikroOrmOptions } = dist('apps/api/src/database/mikro-orm.options.js');
const { MikroOrmUnitOfWork } = dist('libs/shared/src/persistence/mikro-orm-unit-of-work.js');
const { SqlLedger } = dist('libs/wallet/src/adapters/persistence/sql-ledger.js');
const { SqlNotifications } = dist('libs/notifications/src/adapters/persistence/sql-notifications.js');
const { SqlCopyRepository } = dist('libs/copy-trading/src/adapters/persistence/sql-copy-repository.js');
const { SqlTradeEngine } = dist('libs/copy-trading/src/adapters/persistence/sql-trade-engine.js');
const { SqlCopyNotices } = dist('libs/copy-trading/src/adapters/persistence/sql-copy-notices.js');
const { TraderOrderQueue } = dist('libs/copy-trading/src/application/services/trader-order-queue.js');
const { OpenTradeUseCase } = dist('libs/copy-trading/src/application/use-cases/open-trade/open-trade.use-case.js');
const { CloseTradeUseCase } = dist('libs/copy-trading/src/application/use-cases/close-trade/close-trade.use-case.js');
const { PgLiveEvents } = dist('libs/events/src/adapters/persistence/pg-live-events.js');

/** The market as copy trading sees it (MarketQuotes), with a quote the bench sets. */
class BenchMarket {
  quote = null;
  instrument(symbol) {
    return { symbol, market: 'Crypto', name: symbol, priceDecimals: 2, session: 'crypto' };
  }
  async executableQuote() {
    return { ...this.quote, instrument: this.instrument(this.quote.symbol) };
  }
  async freshQuotes() {
    return this.quote ? [this.quote] : [];
  }
  set(bid, ask = bid) {
    this.quote = { symbol: 'BTCUSDT', bid, ask, time: new Date() };
  }
}

// BENCH_PROFILE=1 prints the time of every SQL statement of the measured rounds.
const profile = sqlProfile();


async function main() {
  const cleanups = [];
  let failed = false;
  try {
    const databaseUrl = await benchDatabase('bench_fanout', cleanups);
    const orm = await MikroORM.init(mikroOrmOptions(databaseUrl, { pool: { min: 0, max: 4 } }));
    cleanups.unshift(() => orm.close(true));
    await orm.getMigrator().up();
    const em = orm.em.fork();
    const conn = orm.em.getConnection();
    const sql = (query, params = []) => conn.execute(query, params);

    // --- the wiring the Nest module does, by hand ---------------------------------------------
    const uow = new MikroOrmUnitOfWork(orm.em);
    const ledger = new SqlLedger(em);
    const copies = new SqlCopyRepository();
    const live = new PgLiveEvents(em);
    const notifications = new SqlNotifications(live);
    const notices = new SqlCopyNotices(uow, notifications, undefined, live);
    const engine = new SqlTradeEngine(em);
    const market = new BenchMarket();
    const orders = new TraderOrderQueue(); // one order of a trader at a time, as in the app (the bench sends one at a time anyway)
    const openTrade = new OpenTradeUseCase(uow, copies, engine, market, orders, notices);
    const closeTrade = new CloseTradeUseCase(uow, copies, engine, ledger, market, orders, notifications, notices);

    // --- set-up (set-based SQL): a trader and COPIES followers, each copy funded with 1,000.00 ----
    let started = performance.now();
    const [trader] = await sql(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
       VALUES ('trader@bench.test', 'bench_trader', 'Bench', 'Trader', 'x', '{User,Trader}', true, 'Verified') RETURNING id`,
    );
    const [{ id: traderId }] = await sql(`INSERT INTO trader_profiles (user_id, name, share_pct, max_copiers) VALUES (?, 'Bench Trader', 20, 1000000) RETURNING id`, [trader.id]);
    await sql(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, email_verified, kyc_status)
       SELECT 'f' || g || '@bench.test', 'f' || g, 'Bench', 'Follower', 'x', true, 'Verified' FROM generate_series(1, ?) g`,
      [COPIES],
    );
    await sql(
      `INSERT INTO copies (follower_id, trader_id, invested, high_water_mark)
       SELECT id, ?, 100000, 100000 FROM users WHERE username LIKE 'f%'`,
      [traderId],
    );
    await sql(`INSERT INTO ledger_accounts (owner_id, kind) SELECT follower_id, 'cash' FROM copies`);
    await sql(`INSERT INTO ledger_accounts (owner_id, kind, copy_id) SELECT follower_id, 'copy_equity', id FROM copies`);
    await sql(
      `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', 'bench:' || gen_random_uuid()) RETURNING id)
       INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT tx.id, a.id, 100000 FROM tx, ledger_accounts a WHERE a.kind = 'copy_equity'
       UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -100000::bigint * ? FROM tx`,
      [COPIES],
    );
    await sql('ANALYZE');
    console.log(`set-up: ${COPIES.toLocaleString('en-US')} active copies on one trader in ${seconds(performance.now() - started)}`);

    // --- rounds: the floor (raw INSERT … SELECT and UPDATE of COPIES rows) right before each open and
    // close through the real use cases, so that both see the same machine load ----------------------
    await sql('CREATE TABLE bench_floor (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, copy_id uuid NOT NULL REFERENCES copies (id), size bigint NOT NULL)');
    const floors = [];
    const updateFloors = [];
    const opens = [];
    const closes = [];
    const openNotices = [];
    const closeNotices = [];
    const closeWal = [];
    // WAL the server wrote while the close ran (the open's notices were delivered before it), and its full-page images.
    // Bytes from the WAL insert position (exact, whoever wrote them: the bench runs nothing else meanwhile); full-page
    // images from pg_stat_wal, which a backend reports at most once a second (a short close may show 0 there).
    const walNow = async () => (await sql('SELECT pg_current_wal_insert_lsn()::text AS lsn, wal_fpi::text AS fpi FROM pg_stat_wal'))[0];
    const prices = [['100', '104', 'buy'], ['100', '97.5', 'buy'], ['250', '240', 'sell']];
    for (let i = 0; i < ROUNDS; i++) {
      const [insertMs] = await time(() => sql(`INSERT INTO bench_floor (copy_id, size) SELECT id, 50000 FROM copies WHERE trader_id = ?`, [traderId]));
      const [updateMs] = await time(() => sql(`UPDATE bench_floor SET size = size + 1 WHERE id > (SELECT max(id) FROM bench_floor) - ?`, [COPIES]));
      floors.push(insertMs);
      updateFloors.push(updateMs);
      const [entry, exit, side] = prices[i % prices.length];
      profile.on = true;
      market.set(entry);
      const [openMs, opened] = await time(() => openTrade.execute({ traderId: Number(traderId), symbol: 'BTCUSDT', side, allocationPct: 50 }));
      if (opened.copied !== COPIES) throw new Error(`expected ${COPIES} positions, got ${opened.copied}`);
      // The followers' notifications are written after the commit (outbox), off the trader's request:
      // timed on their own, and awaited so that they do not overlap the close.
      const [openNoticeMs] = await time(() => notices.idle());
      market.set(exit);
      const walBefore = await walNow();
      const [closeMs, closed] = await time(() => closeTrade.execute({ traderId: Number(traderId), tradeId: opened.trade.id }));
      const walAfter = await walNow();
      const [{ bytes }] = await sql('SELECT pg_wal_lsn_diff(?::pg_lsn, ?::pg_lsn)::bigint::text AS bytes', [walAfter.lsn, walBefore.lsn]);
      closeWal.push({ bytes: Number(bytes), fpi: Number(walAfter.fpi) - Number(walBefore.fpi) });
      const [closeNoticeMs] = await time(() => notices.idle());
      profile.on = false;
      openNotices.push(openNoticeMs);
      closeNotices.push(closeNoticeMs);
      if (closed.positions !== COPIES) throw new Error(`expected ${COPIES} settled positions, got ${closed.positions}`);
      opens.push(openMs);
      closes.push(closeMs);
      console.log(
        `round ${i + 1}: floor ${seconds(insertMs)} · open ${seconds(openMs)} = ${(openMs / insertMs).toFixed(2)}× (${opened.copied} positions, ${opened.committed} committed) · ` +
          `close ${seconds(closeMs)} = ${(closeMs / insertMs).toFixed(2)}× (copiers pnl ${closed.copiersPnl}, profit share ${closed.profitShare})`,
      );
    }
    await sql('DROP TABLE bench_floor');

    // --- ledger check ------------------------------------------------------------------------------
    const [check] = await sql(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
              (SELECT count(*) FROM (SELECT 1 FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) x)::int AS unbalanced,
              (SELECT count(*) FROM (SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
                 GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)) y)::int AS mismatches`,
    );
    const balanced = check.total === '0' && check.unbalanced === 0 && check.mismatches === 0;
    if (!balanced) failed = true;

        const floor = median(floors);
    const open = median(opens);
    const close = median(closes);
    // A missed target fails the run (exit 1) as a broken ledger does: the figures are the point of the bench.
    const verdict = (ok) => {
      if (!ok) failed = true;
      return ok ? 'OK' : 'MISSED';
    };
    console.log('');
    console.log(`copies                         ${COPIES.toLocaleString('en-US')}`);
    console.log(`floor INSERT … SELECT (median) ${seconds(floor)}   [${floors.map(seconds).join(', ')}]`);
    console.log(`floor UPDATE (median)          ${seconds(median(updateFloors))}   [${updateFloors.map(seconds).join(', ')}]`);
    console.log(`open  (median)                 ${seconds(open)}   = ${(open / floor).toFixed(2)}× floor   target ≤ 1.5 s and ≤ 3×: ${verdict(open <= 1500 && open <= 3 * floor)}`);
    console.log(`close (median)                 ${seconds(close)}   = ${(close / floor).toFixed(2)}× floor   target ≤ 3 s and ≤ 4×: ${verdict(close <= 3000 && close <= 4 * floor)}`);
    console.log(`WAL written by a close         ${closeWal.map((w) => `${(w.bytes / 1e6).toFixed(1)} MB (${w.fpi} full pages)`).join(', ')}`);
    const [{ n: delivered }] = await sql("SELECT count(*)::int AS n FROM notifications WHERE type IN ('copy_opened', 'copy_closed')");
    const openNotice = median(openNotices);
    const closeNotice = median(closeNotices);
    console.log(`followers' notices after open  ${seconds(openNotice)} (median, after the commit, off the request)   target ≤ 1.5 s: ${verdict(openNotice <= 1500)}`);
    console.log(`followers' notices after close ${seconds(closeNotice)} (median, after the commit, off the request)   target ≤ 1.5 s: ${verdict(closeNotice <= 1500)}`);
    console.log(`followers' notices delivered   ${delivered.toLocaleString('en-US')} of ${(2 * COPIES * ROUNDS).toLocaleString('en-US')} expected`);
    if (delivered !== 2 * COPIES * ROUNDS) failed = true;
    console.log(`ledger check                   ${balanced ? 'balanced' : 'BROKEN'} (Σ entries ${check.total}, unbalanced ${check.unbalanced}, mismatches ${check.mismatches})`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e) => console.error('cleanup:', e.message));
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
