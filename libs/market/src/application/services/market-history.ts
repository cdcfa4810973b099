import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '@mirrorline/shared';
import { INTERVAL_MS, type CandleInterval, type InstrumentSpec, type Quote } from '../../domain/instrument';
import { formatPrice, quoteAround, rollUp, simulateMinutes, type MinuteBar } from '../../domain/price-path';
import { MarketStore, type CandleRow } from '../ports/market-store';
import { InstrumentCatalogue } from './instrument-catalogue';
import { QuotePipeline } from './quote-pipeline';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far back the first start writes history, and what each interval keeps of it. */
export const HISTORY = { days: 90, minuteCandlesMs: 26 * 3_600_000, fiveMinuteCandlesMs: 4 * DAY } as const;
/** 1-minute candles older than this are swept (the 5m / 1h / 1d roll-ups keep the longer view). */
export const MINUTE_CANDLE_RETENTION_MS = 7 * DAY;

/** The simulated market's secret (config: MARKET_SECRET, DATA_DIR/market-secret, or MARKET_SEED under test). */
export function marketSecretOf(config: Pick<AppConfig, 'marketSecret'>): string {
  if (!config.marketSecret) throw new Error('the simulated market has no secret: the configuration sets one whenever MARKET_FEED=simulated or NODE_ENV=test');
  return config.marketSecret;
}

/**
 * The simulated market's history (product.md §9.2, §9.5): at the first start, 90 days of candles that end
 * at the live price; after a restart days later, the missing stretch from the last stored quote to now,
 * so the chart has no gap. Both are the installation's secret path (price-path.ts), written in bulk.
 */
@Injectable()
export class MarketHistory {
  private readonly logger = new Logger('MarketHistory');

  constructor(
    private readonly catalogue: InstrumentCatalogue,
    private readonly store: MarketStore,
    private readonly pipeline: QuotePipeline,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Writes the simulated candles from each instrument's last quote (or 90 days back) up to `now`, then a
   * quote at the path's end. Returns the number of candle rows written.
   */
  async backfill(now: Date = this.clock.now()): Promise<number> {
    await this.catalogue.load();
    const started = Date.now();
    const latest = new Map((await this.store.latestQuotes()).map((q) => [q.symbol, q]));
    let rows: CandleRow[] = [];
    /** buckets that began before the stretch written now may hold candles already: merged, not inserted */
    const boundary: CandleRow[] = [];
    const ends: Quote[] = [];
    let written = 0;
    // Generating is CPU here, inserting is CPU in PostgreSQL: a batch is inserted while the next is generated.
    const inflight: Array<Promise<void>> = [];
    const flush = async (all: boolean) => {
      if (rows.length >= 12_000 || (all && rows.length)) {
        const batch = rows;
        rows = [];
        written += batch.length;
        const insert = this.store.insertCandles(batch);
        insert.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled meanwhile
        inflight.push(insert);
      }
      while (inflight.length > (all ? 0 : 2)) await inflight.shift();
    };
    for (const spec of this.catalogue.all()) {
      const last = latest.get(spec.symbol);
      const from = last ? Math.floor(last.time.getTime() / MINUTE) * MINUTE + MINUTE : now.getTime() - HISTORY.days * DAY;
      if (now.getTime() - from < 2 * MINUTE) continue;
      const start = last ? (Number(last.bid) + Number(last.ask)) / 2 : spec.basePrice;
      const bars = historyBars(marketSecretOf(this.config), spec, Math.max(from, now.getTime() - HISTORY.days * DAY), now.getTime(), start);
      if (!bars.length) continue;
      for (const row of candleRows(spec, bars, now.getTime())) (row.time.getTime() < bars[0].time ? boundary : rows).push(row);
      const end = bars[bars.length - 1];
      const { bid, ask } = quoteAround(spec, end.close);
      ends.push({ symbol: spec.symbol, bid, ask, time: new Date(Math.min(end.time + MINUTE - 1, now.getTime())) });
      await flush(false);
    }
    await flush(true);
    if (!written && !boundary.length) return 0;
    await this.store.mergeCandles(boundary);
    await this.pipeline.publish(ends, { candles: false });
    this.logger.log(`market history: ${written + boundary.length} candles generated and written in ${Date.now() - started} ms`);
    return written + boundary.length;
  }
}

/**
 * The simulated bars of [from, to): 1-minute steps over the last 4 days (what 1m and 5m candles show; 5m
 * charts of 1,000 candles reach 3.5 days back), 1-hour steps before (only seen as 1h / 1d candles), which
 * keeps the first start's 90 days quick.
 */
export function historyBars(secret: string, spec: InstrumentSpec, from: number, to: number, start: number): MinuteBar[] {
  const fine = Math.max(from, Math.floor((to - HISTORY.fiveMinuteCandlesMs) / INTERVAL_MS['1h']) * INTERVAL_MS['1h']);
  const coarse = from < fine ? simulateMinutes(secret, spec, from, fine, start, 60) : [];
  const startFine = coarse.length ? coarse[coarse.length - 1].close : start;
  return [...coarse, ...simulateMinutes(secret, spec, fine, to, startFine)];
}

/** The candle rows of a stretch of minute bars: 1m for the last day, 5m for the last week, 1h and 1d for all. */
export function candleRows(spec: InstrumentSpec, bars: readonly MinuteBar[], now: number): CandleRow[] {
  const rows: CandleRow[] = [];
  const add = (interval: CandleInterval, list: readonly MinuteBar[], since: number) => {
    for (const bar of list) {
      if (bar.time + INTERVAL_MS[interval] <= since) continue;
      // Candles cover every executable price: the high reaches the ask, the low the bid (see the store).
      const open = formatPrice(bar.open, spec.priceDecimals);
      const close = formatPrice(bar.close, spec.priceDecimals);
      const high = Math.max(Number(quoteAround(spec, bar.high).ask), Number(open), Number(close));
      const low = Math.min(Number(quoteAround(spec, bar.low).bid), Number(open), Number(close));
      rows.push({
        symbol: spec.symbol,
        interval,
        time: new Date(bar.time),
        open,
        high: formatPrice(high, spec.priceDecimals),
        low: formatPrice(low, spec.priceDecimals),
        close,
      });
    }
  };
  const since = (ms: number) => {
    // bars are in time order: the first index at or after `ms` (a binary search, not a scan of 90 days)
    let lo = 0;
    let hi = bars.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bars[mid].time < ms) lo = mid + 1;
      else hi = mid;
    }
    return bars.slice(lo);
  };
  const fiveMinuteStart = Math.floor((now - HISTORY.fiveMinuteCandlesMs) / INTERVAL_MS['5m']) * INTERVAL_MS['5m'];
  add('1m', since(now - HISTORY.minuteCandlesMs), now - HISTORY.minuteCandlesMs);
  add('5m', rollUp(since(fiveMinuteStart), '5m'), fiveMinuteStart);
  add('1h', rollUp(bars, '1h'), 0);
  add('1d', rollUp(bars, '1d'), 0);
  return rows;
}
