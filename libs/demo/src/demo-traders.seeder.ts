import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { runSql } from '@mirrorline/shared';
import { tradePnlPct, type TradeSide } from '@mirrorline/copy-trading';
import { tradingSeedQueries } from '@mirrorline/copy-trading/sql';
import { demoQueries } from './demo.queries';
import { DEMO_PAIRS, DEMO_TRADERS, demoTraderEmail, type DemoTrader } from './demo-traders';

/** Trades per demo trader; accuracy × 50 / 100 of them are winners (so accuracy must be even). */
const TRADES_PER_TRADER = 50;
const DAY = 86_400_000;

/** Deterministic PRNG (mulberry32): the same demo data on every fresh database. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoTrade {
  market: string;
  pair: string;
  side: TradeSide;
  entry: string;
  exit: string;
  allocation: number;
  pnlPct: string;
  openedAt: Date;
  closedAt: Date;
}

/**
 * Builds a trader's closed trades: exactly accuracy % winners (+0.3 … +8 %) and the rest losers
 * (−3 … −0.2 %), spread over the last 30 days with most of them in the last ten (the ten-day PnL chart).
 * pnlPct is computed from the rounded prices with the engine's own formula, so stats match the rows.
 */
export function demoTrades(trader: DemoTrader, now: Date): DemoTrade[] {
  const random = prng(trader.id * 7919);
  const wins = (trader.accuracy * TRADES_PER_TRADER) / 100;
  const outcomes = Array.from({ length: TRADES_PER_TRADER }, (_, i) => i < wins);
  for (let i = outcomes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [outcomes[i], outcomes[j]] = [outcomes[j], outcomes[i]];
  }
  return outcomes.map((win, i) => {
    const market = trader.markets[Math.floor(random() * trader.markets.length)];
    const instruments = DEMO_PAIRS[market];
    const instrument = instruments[Math.floor(random() * instruments.length)];
    // Jonas (id 7) is long-only; the others lean long.
    const side: TradeSide = trader.id === 7 || random() < 0.6 ? 'buy' : 'sell';
    const target = win ? 0.3 + random() * 7.7 : -(0.2 + random() * 2.8);
    const entryNumber = instrument.price * (0.97 + random() * 0.06);
    const entry = entryNumber.toFixed(instrument.decimals);
    const move = side === 'buy' ? target : -target;
    let exit = (Number(entry) * (1 + move / 100)).toFixed(instrument.decimals);
    let pnlPct = tradePnlPct(entry, exit, side);
    // Rounding to the instrument's decimals must not flip a winner into a loser or to zero.
    if (win !== Number(pnlPct) > 0 || Number(pnlPct) === 0) {
      exit = (Number(entry) * (1 + (side === 'buy' ? 1 : -1) * (win ? 0.01 : -0.005))).toFixed(instrument.decimals);
      pnlPct = tradePnlPct(entry, exit, side);
    }
    // Oldest first: 15 trades 15–30 days ago, the last 35 within the last ten days (at least ~7 h ago).
    const daysAgo = i < 15 ? 30 - i - random() : 9.9 - ((i - 15) / 35) * 9.9 + random() * 0.05;
    const closedAt = new Date(now.getTime() - daysAgo * DAY);
    const openedAt = new Date(closedAt.getTime() - (1 + random() * 20) * 3_600_000);
    const [lo, hi] = trader.allocation;
    return { market, pair: instrument.pair, side, entry, exit, allocation: lo + Math.floor(random() * (hi - lo + 1)), pnlPct, openedAt, closedAt };
  });
}

/**
 * The demo traders (DEMO_DATA on an empty database): the public profiles of the seed's eight sample traders with
 * the seed's ids 2–9, and their closed trades, written through the statements copy trading publishes
 * (@mirrorline/copy-trading/sql). Their users (Trader role, unusable passwords) are created before, by DemoUsersSeeder.
 */
export class DemoTradersSeeder extends Seeder {
  async run(orm: EntityManager): Promise<void> {
    const em = orm as unknown as SqlEntityManager;
    const now = new Date();
    for (const trader of DEMO_TRADERS) {
      const [user] = await runSql(em, demoQueries.userByEmail(demoTraderEmail(trader)));
      if (!user) throw new Error(`demo trader ${trader.username} has no user: run DemoUsersSeeder first`);
      // No photo for demo traders (no image files ship with the SPA): the cards show their initials.
      await runSql(
        em,
        tradingSeedQueries.insertTraderProfile({
          id: trader.id,
          userId: user.id,
          name: trader.name,
          description: trader.description,
          traderType: trader.traderType,
          strategySummary: trader.strategySummary,
          strategyExplanation: trader.strategyExplanation,
          sharePct: trader.share,
          maxCopiers: 5000,
        }),
      );
      const trades = demoTrades(trader, now).map((d) => ({
        trader_id: trader.id,
        market: d.market,
        symbol: d.pair,
        side: d.side,
        entry: d.entry,
        exit: d.exit,
        allocation: d.allocation,
        pnl_pct: d.pnlPct,
        opened_at: d.openedAt.toISOString(),
        closed_at: d.closedAt.toISOString(),
      }));
      await runSql(em, tradingSeedQueries.insertClosedTrades(trades));
    }
    // The ids 2–9 were given explicitly: move the identity past them for traders created later.
    await runSql(em, tradingSeedQueries.syncTraderProfileIds());
  }
}
