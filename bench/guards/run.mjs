// Price-watcher bench (product.md §9.7 "Guard cycle"): 100,000 copies with open positions over 20 instruments
// (20 traders, one open trade each with a stop loss and a take profit, 5,000 copies per trader). Times one
// watcher cycle — the SL/TP of every open trade and the copy stop loss on live equity of every copy, the real
// PriceWatcher and its SQL adapter wired by hand — against a raw SQL scan of the same rows (positions, copies,
// copy-equity accounts) in the same run; then the same cycle with 1 % of the copies tripping, close-outs included
// (a fresh 1 % each round, each cycle against a raw scan just before it; medians compared).
// 100,000 pending entry orders (limit and stop, buy and sell, over the 20 instruments, none of them reached by the
// bench's prices) are added by default (product.md §12.5, issue 32): each cycle also runs the expiry and the one
// trigger statement over them. `--pending-orders=0` (or BENCH_PENDING_ORDERS=0) measures without them.
//
//   node bench/guards/run.mjs                       (npm run bench:guards)
//   BENCH_COPIES=100000 BENCH_ROUNDS=5 DATABASE_URL=postgres://… node bench/guards/run.mjs --pending-orders=100000
//
// Targets: a cycle ≤ 0.5 s and ≤ 3× the raw scan (medians, both kinds of round); exits 1 on a miss or a broken ledger.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { benchDatabase, median, seconds, sqlProfile, time } from '../lib.mjs';

const COPIES = Number(process.env.BENCH_COPIES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PENDING_ORDERS = Number(
  process.argv.find((a) => a.startsWith('--pending-orders='))?.slice('--pending-orders='.length) ?? process.env.BENCH_PENDING_ORDERS ?? 100_000,
);
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD', 'USDCHF',
  'EURGBP', 'AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'GOOGL', 'META', 'ADAUSDT', 'DOGEUSDT'];
const PER_TRADER = Math.floor(COPIES / SYMBOLS.length);

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
const { SqlPriceWatchStore } = dist('libs/copy-trading/src/adapters/persistence/sql-price-watch-store.js');
const { PgLiveEvents } = dist('libs/events/src/adapters/persistence/pg-live-events.js');
const { CloseTradeUseCase } = dist('libs/copy-trading/src/application/use-cases/close-trade/close-trade.use-case.js');
const { CloseOutCopiesUseCase } = dist('libs/copy-trading/src/application/use-cases/close-out-copies/close-out-copies.use-case.js');
const { PriceWatcher } = dist('libs/copy-trading/src/application/services/price-watcher.js');
const { SqlEntryOrders } = dist('libs/copy-trading/src/adapters/persistence/sql-entry-orders.js');
const { OpenTradeUseCase } = dist('libs/copy-trading/src/application/use-cases/open-trade/open-trade.use-case.js');
const { EntryOrdersUseCase } = dist('libs/copy-trading/src/application/use-cases/entry-orders/entry-orders.use-case.js');
const { TraderOrderQueue } = dist('libs/copy-trading/src/application/services/trader-order-queue.js');
const { SystemClock } = dist('libs/shared/src/domain/clock.js');

// BENCH_PROFILE=1 prints the time of every SQL statement of the first tripping cycle (BENCH_PROFILE_ROUND=n: of the
// (n+1)th, the first being 0); BENCH_PROFILE=all, of every cycle.
const profile = sqlProfile(process.env.BENCH_PROFILE === 'all');

/** MarketQuotes as copy trading sees it, with the quotes the bench sets. */
class BenchMarket {
  quotes = [];
  instrument(symbol) {
    return { symbol, market: 'Crypto', name: symbol, priceDecimals: 2, session: 'crypto' };
  }
  async executableQuote(symbol) {
    const q = this.quotes.find((x) => x.symbol === symbol);
    return { ...q, instrument: this.instrument(symbol) };
  }
  async freshQuotes() {
    return this.quotes;
  }
  set(price) {
    const time = new Date();
    this.quotes = SYMBOLS.map((symbol) => ({ symbol, bid: price, ask: price, time }));
  }
}


async function main() {
  const cleanups = [];
  let failed = false;
  try {
    const databaseUrl = await benchDatabase('bench_guards', cleanups);
    const orm = await MikroORM.init(mikroOrmOptions(databaseUrl, { pool: { min: 0, max: 4 } }));
    cleanups.unshift(() => orm.close(true));
    await orm.getMigrator().up();
    const em = orm.em.fork();
    const conn = orm.em.getConnection();
    const sql = (query, params = []) => conn.execute(query, params);

    const uow = new MikroOrmUnitOfWork(orm.em);
    const ledger = new SqlLedger(em);
    const live = new PgLiveEvents(em);
    const notifications = new SqlNotifications(live);
    const notices = new SqlCopyNotices(uow, notifications, undefined, live);
    const engine = new SqlTradeEngine(em);
    const market = new BenchMarket();
    const store = new SqlPriceWatchStore(em, notices);
    const copyRepository = new SqlCopyRepository();
    const queue = new TraderOrderQueue();
    const closeTrade = new CloseTradeUseCase(uow, copyRepository, engine, ledger, market, queue, notifications, notices);
    const closeOut = new CloseOutCopiesUseCase(uow, store, ledger);
    const entryOrders = new SqlEntryOrders(em);
    const openTrade = new OpenTradeUseCase(uow, copyRepository, engine, market, queue, notices);
    const fillOrders = new EntryOrdersUseCase(uow, copyRepository, market, queue, entryOrders, openTrade, new SystemClock());
    const watcher = new PriceWatcher(market, store, closeTrade, closeOut, entryOrders, fillOrders);

    // --- set-up (set-based SQL): 20 traders × PER_TRADER copies of 1,000.00, one open trade each at 100 with
    // SL 50 / TP 200, every copy holding a position of 500.00 (stop loss 50 %) ---------------------------
    let started = performance.now();
    await sql(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
       SELECT 't' || g || '@bench.test', 't' || g, 'Bench', 'Trader', 'x', '{User,Trader}', true, 'Verified' FROM generate_series(1, ?) g`,
      [SYMBOLS.length],
    );
    await sql(`INSERT INTO trader_profiles (user_id, name, share_pct, max_copiers) SELECT id, username, 20, 1000000 FROM users WHERE username LIKE 't%' ORDER BY username`);
    await sql(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, email_verified, kyc_status)
       SELECT 'f' || g || '@bench.test', 'f' || g, 'Bench', 'Follower', 'x', true, 'Verified' FROM generate_series(1, ?) g`,
      [PER_TRADER * SYMBOLS.length],
    );
    await sql(
      `INSERT INTO copies (follower_id, trader_id, invested, high_water_mark, stop_loss_pct)
       SELECT u.id, tp.id, 100000, 100000, 50
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'f%') u
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM trader_profiles) tp ON tp.k = (u.n - 1) % ?`,
      [SYMBOLS.length],
    );
    await sql(`INSERT INTO ledger_accounts (owner_id, kind) SELECT follower_id, 'cash' FROM copies`);
    await sql(`INSERT INTO ledger_accounts (owner_id, kind, copy_id) SELECT follower_id, 'copy_equity', id FROM copies`);
    await sql(
      `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', 'bench:' || gen_random_uuid()) RETURNING id)
       INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT tx.id, a.id, 100000 FROM tx, ledger_accounts a WHERE a.kind = 'copy_equity'
       UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -(SELECT 100000::bigint * count(*) FROM copies) FROM tx`,
    );
    await sql(
      `INSERT INTO trader_trades (trader_id, market, symbol, pair, side, entry_price, allocation_pct, stop_loss, take_profit, entry_quote_time, copied_count)
       SELECT tp.id, 'Crypto', s.symbol, s.symbol, 'buy', 100, 50, 50, 200, now(), ?
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM trader_profiles) tp
       JOIN unnest(?::text[]) WITH ORDINALITY AS s(symbol, k) ON s.k = tp.k`,
      [PER_TRADER, `{${SYMBOLS.join(',')}}`],
    );
    await sql(
      `INSERT INTO copy_positions (trade_id, copy_id, follower_id, size, fill_price, quote_time)
       SELECT t.id, c.id, c.follower_id, 50000, 100, now() FROM copies c JOIN trader_trades t ON t.trader_id = c.trader_id ORDER BY t.id, c.id`,
    );
    // Pending entry orders the bench's prices (90–98) never reach: buy limits 10–80 and sell stops 20–80 below them,
    // sell limits 120–190 and buy stops 150–250 above them; a third expire in a day, the rest are good till cancelled.
    await sql(
      `INSERT INTO trader_orders (trader_id, symbol, market, side, type, price, allocation_pct, expires_at)
       SELECT tp.id, s.symbol, 'Crypto', k.side, k.type, k.low + (g % 700) / 10.0, 10, CASE WHEN g % 3 = 0 THEN now() + interval '1 day' END
       FROM generate_series(1, ?) g
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM trader_profiles) tp ON tp.n = g % ?
       JOIN unnest(?::text[]) WITH ORDINALITY AS s(symbol, n) ON s.n - 1 = g % ?
       JOIN (VALUES (0, 'buy', 'limit', 10), (1, 'sell', 'stop', 10), (2, 'sell', 'limit', 120), (3, 'buy', 'stop', 180)) AS k(n, side, type, low)
         ON k.n = (g / ?) % 4`,
      [PENDING_ORDERS, SYMBOLS.length, `{${SYMBOLS.join(',')}}`, SYMBOLS.length, SYMBOLS.length],
    );
    await sql('ANALYZE');
    const [{ n: pending }] = await sql("SELECT count(*)::int AS n FROM trader_orders WHERE status = 'pending'");
    const [{ n: positions }] = await sql('SELECT count(*)::int AS n FROM copy_positions WHERE NOT settled');
    console.log(`set-up: ${positions.toLocaleString('en-US')} copies with an open position over ${SYMBOLS.length} instruments in ${seconds(performance.now() - started)}`);

    // The floor: a raw scan of the rows a cycle reads (open positions, their copies and copy-equity accounts).
    const rawScan = () =>
      sql(`SELECT count(*), sum(p.size), sum(a.balance), sum(c.invested) FROM copy_positions p
           JOIN copies c ON c.id = p.copy_id JOIN ledger_accounts a ON a.copy_id = p.copy_id WHERE NOT p.settled`);
    const verdict = (ok) => {
      if (!ok) failed = true;
      return ok ? 'OK' : 'MISSED';
    };

    // --- round A: nothing trips (prices a little down) ------------------------------------------------
    const floors = [];
    const cycles = [];
    for (let i = 0; i < ROUNDS; i++) {
      market.set(i % 2 ? '97.5' : '98');
      const [floorMs] = await time(rawScan);
      const [cycleMs, result] = await time(() => watcher.cycle(market.quotes));
      if (result.closedTrades || result.closedOutCopies || result.filledOrders || result.expiredOrders) throw new Error(`nothing should trip, got ${JSON.stringify(result)}`);
      floors.push(floorMs);
      cycles.push(cycleMs);
      console.log(`round ${i + 1}: raw scan ${seconds(floorMs)} · cycle ${seconds(cycleMs)} = ${(cycleMs / floorMs).toFixed(2)}×`);
    }

    // --- round B: 1 % of the copies trip (stop loss 95 % while live equity is 95.00 %), ROUNDS times, a fresh
    // 1 % each round (the copies closed out before stay stopped) ------------------------------------------
    const tripping = Math.floor(COPIES / 100);
    const tripFloors = [];
    const tripCycles = [];
    let closedOut = 0;
    for (let i = 0; i < ROUNDS; i++) {
      await sql(
        `UPDATE copies SET stop_loss_pct = 95 WHERE id IN (
           SELECT id FROM copies WHERE status = 'active' AND stop_loss_pct = 50 ORDER BY md5(id::text) LIMIT ?)`,
        [tripping],
      );
      await sql('ANALYZE copies');
      market.set('90'); // −10 % on 500.00 = −50.00: live equity 950.00 = 95 % of 1,000.00
      const [tripFloorMs] = await time(rawScan);
      profile.on = process.env.BENCH_PROFILE === 'all' || i === Number(process.env.BENCH_PROFILE_ROUND ?? 0);
      const [tripMs, tripped] = await time(() => watcher.cycle(market.quotes));
      profile.on = false;
      await notices.idle();
      console.log(`1 % tripping, round ${i + 1}: raw scan ${seconds(tripFloorMs)} · cycle ${seconds(tripMs)} = ${(tripMs / tripFloorMs).toFixed(2)}× (${tripped.closedOutCopies} copies closed out)`);
      if (tripped.closedOutCopies !== tripping) {
        console.log(`expected ${tripping} close-outs`);
        failed = true;
      }
      closedOut += tripped.closedOutCopies;
      tripFloors.push(tripFloorMs);
      tripCycles.push(tripMs);
    }
    const [{ stopped }] = await sql("SELECT count(*)::int AS stopped FROM copies WHERE status = 'stopped' AND stop_reason = 'stop_loss'");
    const [{ settled }] = await sql("SELECT count(*)::int AS settled FROM copy_positions WHERE settled AND close_reason = 'copy_stop_loss'");

    const [check] = await sql(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
              (SELECT count(*) FROM (SELECT 1 FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) x)::int AS unbalanced,
              (SELECT count(*) FROM (SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
                 GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)) y)::int AS mismatches`,
    );
    const balanced = check.total === '0' && check.unbalanced === 0 && check.mismatches === 0;
    if (!balanced) failed = true;

    const floor = median(floors);
    const cycle = median(cycles);
    console.log('');
    console.log(`copies with open positions     ${positions.toLocaleString('en-US')} over ${SYMBOLS.length} instruments (${SYMBOLS.length} open trades with SL/TP)`);
    console.log(`pending entry orders           ${pending.toLocaleString('en-US')} (checked every cycle: expiry and the trigger statement; none reached)`);
    console.log(`raw scan (median)              ${seconds(floor)}   [${floors.map(seconds).join(', ')}]`);
    console.log(`cycle, nothing trips (median)  ${seconds(cycle)}   = ${(cycle / floor).toFixed(2)}× scan   target ≤ 0.5 s and ≤ 3×: ${verdict(cycle <= 500 && cycle <= 3 * floor)}`);
    const tripFloor = median(tripFloors);
    const tripCycle = median(tripCycles);
    console.log(`raw scan, tripping (median)    ${seconds(tripFloor)}   [${tripFloors.map(seconds).join(', ')}]`);
    console.log(`cycle, 1 % tripping (median)   ${seconds(tripCycle)}   = ${(tripCycle / tripFloor).toFixed(2)}× scan   target ≤ 0.5 s and ≤ 3×: ${verdict(tripCycle <= 500 && tripCycle <= 3 * tripFloor)}   [${tripCycles.map(seconds).join(', ')}]`);
    console.log(`close-outs                     ${closedOut} copies stopped in ${ROUNDS} cycles; ${stopped} stopped, ${settled} positions settled copy_stop_loss`);
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
