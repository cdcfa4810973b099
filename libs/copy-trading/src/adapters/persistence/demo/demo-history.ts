import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray } from '@mirrorline/shared';
import { MarketQuotes, type Candle } from '@mirrorline/market';
import { canonicalPrice, tradePnlPct, type TradeSide } from '../../../domain/copy-math';
import { DEMO_PAIRS, DEMO_TRADERS } from './demo-traders';
import { lockDemoTraders, rollDemoTradesForward } from './roll-demo-trades';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoHistoryResult {
  /** whether the market had candles for the demo symbols (false under the test feed without history) */
  candles: boolean;
  /** seeded closed trades moved onto the market's candles */
  repriced: number;
  /** closed trades added over a gap (a restart days later) */
  added: number;
}

interface TradeRow {
  id: string;
  trader_id: number;
  market: string;
  symbol: string;
  pnl_pct: string;
  opened_at: Date;
  closed_at: Date;
}

/**
 * The price at `time`: the 1-hour candle whose hour contains it, or else the latest one before it (outside its
 * session an instrument's price stands still at its last close). Candles sorted oldest first.
 */
function candleAt(candles: readonly Candle[], time: number): Candle | undefined {
  let lo = 0;
  let hi = candles.length - 1;
  let found: Candle | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (new Date(candles[mid].time).getTime() <= time) {
      found = candles[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found && time - new Date(found.time).getTime() < 4 * DAY ? found : undefined;
}

/**
 * A demo trade on the market's candles: entry and exit are the closes of the 1-hour candles of its open and
 * close times (so each lies inside its candle; outside the session, the last candle before it), and the side is the one that gives the seeded outcome (a win
 * stays a win), so accuracy does not change. Null when a candle is missing or the move rounds to 0.
 */
function onCandles(candles: readonly Candle[], openedAt: number, closedAt: number, win: boolean) {
  const e = candleAt(candles, openedAt);
  let x = candleAt(candles, closedAt);
  if (!e || !x) return null;
  const entry = canonicalPrice(e.close);
  let closed = closedAt;
  // Opened and closed while the session was shut (one price): the exit moves to the next candle that moved.
  if (canonicalPrice(x.close) === entry) {
    const later = candles.find((c) => new Date(c.time).getTime() > closedAt && canonicalPrice(c.close) !== entry);
    if (!later || new Date(later.time).getTime() - closedAt > 4 * DAY) return null;
    x = later;
    closed = new Date(later.time).getTime() + 60_000;
  }
  const exit = canonicalPrice(x.close);
  const up = Number(exit) > Number(entry);
  const side: TradeSide = up === win ? 'buy' : 'sell';
  const pnlPct = tradePnlPct(entry, exit, side);
  if (Number(pnlPct) === 0) return null;
  return { entry, exit, side, pnlPct, entryTime: new Date(e.time), exitTime: new Date(x.time), closedAt: new Date(closed) };
}

/**
 * The demo history on the market (product.md §9.1, §9.5): the seeded closed trades of the demo traders are put on
 * the market's symbols and candles (every entry and exit inside the candle of its time), and after a restart days
 * later the history is extended over the gap on the candles the simulated market backfilled — instead of moving
 * old trades forward, whose prices would no longer match the chart. Only the seeded accounts, only trades no copy
 * took (a copied trade's settled pnl depends on its prices), each trade once (`entry_quote_time` marks it).
 */
export async function syncDemoHistory(app: INestApplicationContext, now = new Date()): Promise<DemoHistoryResult> {
  const em: EntityManager = app.get<MikroORM>(MikroORM).em.fork();
  const market = app.get(MarketQuotes);
  const result: DemoHistoryResult = { candles: false, repriced: 0, added: 0 };
  const from = new Date(now.getTime() - 89 * DAY);
  const bySymbol = new Map<string, Candle[]>();
  const symbolsOf = new Map<string, string[]>();
  for (const [kind, pairs] of Object.entries(DEMO_PAIRS)) {
    const usable: string[] = [];
    for (const { pair } of pairs) {
      try {
        market.instrument(pair);
      } catch {
        continue; // not in the catalogue
      }
      const candles = await market.candles(pair, '1h', from, now);
      if (candles.length) {
        bySymbol.set(pair, candles);
        usable.push(pair);
      }
    }
    symbolsOf.set(kind, usable);
  }
  if (!bySymbol.size) return result;
  result.candles = true;
  return em.transactional(async (tx) => {
    const demo = await runSql(tx, lockDemoTraders());
    if (!demo.length) return result;
    const ids = sqlArray(demo.map((r) => Number(r.id)));
    const pick = (kind: string, seed: number): string | undefined => {
      const list = symbolsOf.get(kind) ?? [];
      return list.length ? list[seed % list.length] : undefined;
    };

    // 1. The seeded trades onto the candles.
    const seeded = await runSql(tx, sql<TradeRow>`SELECT id::text AS id, trader_id, market, symbol, pnl_pct::text AS pnl_pct, opened_at, closed_at FROM trader_trades
       WHERE trader_id = ANY (${ids}::int[]) AND status = 'closed' AND copied_count = 0 AND entry_quote_time IS NULL ORDER BY id`);
    const updates: object[] = [];
    for (const t of seeded) {
      const symbol = bySymbol.has(t.symbol) ? t.symbol : pick(t.market, Number(t.id));
      if (!symbol) continue;
      const fill = onCandles(bySymbol.get(symbol)!, new Date(t.opened_at).getTime(), new Date(t.closed_at).getTime(), Number(t.pnl_pct) > 0);
      if (!fill) continue;
      updates.push({ id: t.id, symbol, side: fill.side, entry: fill.entry, exit: fill.exit, pnl_pct: fill.pnlPct, et: fill.entryTime, xt: fill.exitTime, closed: fill.closedAt });
    }
    if (updates.length) {
      await runSql(tx, sql`UPDATE trader_trades t SET symbol = x.symbol, pair = x.symbol, side = x.side, entry_price = x.entry::numeric,
                exit_price = x.exit::numeric, pnl_pct = x.pnl_pct::numeric, entry_quote_time = x.et, exit_quote_time = x.xt, closed_at = x.closed
         FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(id bigint, symbol text, side text, entry text, exit text, pnl_pct text, et timestamptz, xt timestamptz, closed timestamptz)
         WHERE t.id = x.id`);
    }
    result.repriced = updates.length;

    // 2. A gap (restart days later): closed trades every 6–16 hours from the newest one to an hour ago.
    const newest = await runSql(tx, sql<{ trader_id: number; newest: Date }>`SELECT trader_id, max(closed_at) AS newest FROM trader_trades WHERE trader_id = ANY (${ids}::int[]) AND status = 'closed' GROUP BY trader_id`);
    const rows: object[] = [];
    for (const { trader_id, newest: last } of newest) {
      const trader = DEMO_TRADERS.find((d) => d.id === Number(trader_id));
      if (!trader || now.getTime() - new Date(last).getTime() < 25 * HOUR) continue;
      let seed = Number(trader_id) * 7919 + Math.floor(new Date(last).getTime() / HOUR);
      const next = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      for (let close = new Date(last).getTime() + (6 + next() * 10) * HOUR; close < now.getTime() - HOUR; close += (6 + next() * 10) * HOUR) {
        const kind = trader.markets[Math.floor(next() * trader.markets.length)];
        const symbol = pick(kind, Math.floor(next() * 1000));
        if (!symbol) continue;
        const open = close - (1 + next() * 12) * HOUR;
        const fill = onCandles(bySymbol.get(symbol)!, open, close, next() * 100 < trader.accuracy);
        if (!fill) continue;
        const [lo, hi] = trader.allocation;
        rows.push({
          market: kind, symbol, side: fill.side, entry: fill.entry, exit: fill.exit, pnl_pct: fill.pnlPct,
          allocation: lo + Math.floor(next() * (hi - lo + 1)), opened_at: new Date(open).toISOString(), closed_at: fill.closedAt.toISOString(),
          et: fill.entryTime.toISOString(), xt: fill.exitTime.toISOString(), trader_id: Number(trader_id),
        });
      }
    }
    if (rows.length) {
      await runSql(tx, sql`INSERT INTO trader_trades (trader_id, market, symbol, pair, side, entry_price, exit_price, allocation_pct, pnl_pct, status,
                                    close_reason, opened_at, closed_at, entry_quote_time, exit_quote_time)
         SELECT x.trader_id, x.market, x.symbol, x.symbol, x.side, x.entry::numeric, x.exit::numeric, x.allocation, x.pnl_pct::numeric,
                'closed', 'manual', x.opened_at, x.closed_at, x.et, x.xt
         FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(trader_id int, market text, symbol text, side text, entry text, exit text, pnl_pct text,
                                                allocation int, opened_at timestamptz, closed_at timestamptz, et timestamptz, xt timestamptz)`);
    }
    result.added = rows.length;
    return result;
  });
}

/**
 * The start-up task (STARTUP_TASKS, after the market's history/backfill): with DEMO_DATA on, puts the demo history
 * on the market's candles and extends it over a gap. Without any market history (the test feed) it falls back to
 * the old roll-forward so the ten-day charts still follow the calendar.
 */
export async function syncDemoHistoryOnStart(app: INestApplicationContext, config: { demoData: boolean }): Promise<void> {
  if (!config.demoData) return;
  const result = await syncDemoHistory(app);
  if (!result.candles) await rollDemoTradesForward(app.get<MikroORM>(MikroORM).em.fork());
}
