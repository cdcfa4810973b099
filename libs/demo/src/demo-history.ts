import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@mirrorline/shared';
import { MarketQuotes, type Candle } from '@mirrorline/market';
import { canonicalPrice, tradePnlPct, type TradeSide } from '@mirrorline/copy-trading';
import { tradingSeedQueries, type SeedClosedTrade, type SeedTradeReprice } from '@mirrorline/copy-trading/sql';
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
    const demo = await lockDemoTraders(tx);
    if (!demo.length) return result;
    const ids = demo.map((r) => Number(r.id));
    const pick = (kind: string, seed: number): string | undefined => {
      const list = symbolsOf.get(kind) ?? [];
      return list.length ? list[seed % list.length] : undefined;
    };

    // 1. The seeded trades onto the candles.
    const seeded = await runSql(tx, tradingSeedQueries.uncopiedUnquotedClosedTrades(ids));
    const updates: SeedTradeReprice[] = [];
    for (const t of seeded) {
      const symbol = bySymbol.has(t.symbol) ? t.symbol : pick(t.market, Number(t.id));
      if (!symbol) continue;
      const fill = onCandles(bySymbol.get(symbol)!, new Date(t.opened_at).getTime(), new Date(t.closed_at).getTime(), Number(t.pnl_pct) > 0);
      if (!fill) continue;
      updates.push({ id: t.id, symbol, side: fill.side, entry: fill.entry, exit: fill.exit, pnl_pct: fill.pnlPct, et: fill.entryTime, xt: fill.exitTime, closed: fill.closedAt });
    }
    if (updates.length) await runSql(tx, tradingSeedQueries.repriceClosedTrades(updates));
    result.repriced = updates.length;

    // 2. A gap (restart days later): closed trades every 6–16 hours from the newest one to an hour ago.
    const newest = await runSql(tx, tradingSeedQueries.newestClosedTrades(ids));
    const rows: SeedClosedTrade[] = [];
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
    if (rows.length) await runSql(tx, tradingSeedQueries.insertClosedTrades(rows));
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
