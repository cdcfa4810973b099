import type { Candle } from './market-quotes';
import type { CandleInterval, InstrumentSpec, Quote } from '../../domain/instrument';

export interface CandleRow {
  symbol: string;
  interval: CandleInterval;
  time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
}

/** The market's tables (market_instruments, market_quotes, market_candles). Only the market lib reads them. */
export abstract class MarketStore {
  abstract instruments(): Promise<InstrumentSpec[]>;
  /** Stores the latest quote of each symbol and NOTIFYs every instance, in the same transaction. */
  abstract storeQuotes(quotes: readonly Quote[], options: { notifyPayloads: readonly string[] }): Promise<void>;
  /** Folds each quote into the 1m / 5m / 1h / 1d candles of its time: high ≥ the ask, low ≤ the bid, close = the mid. */
  abstract foldIntoCandles(quotes: readonly Quote[]): Promise<void>;
  /** Inserts candles of buckets nobody has written yet (a bulk write: rows that exist already are left alone). */
  abstract insertCandles(rows: readonly CandleRow[]): Promise<void>;
  /** Upserts candles, merging with what is there (open kept, high/low widened, close replaced); `replace1m` overwrites 1m rows. */
  abstract mergeCandles(rows: readonly CandleRow[], options?: { replace1m?: boolean }): Promise<void>;
  abstract latestQuotes(symbols?: readonly string[]): Promise<Quote[]>;
  /** The open of the current UTC day per symbol (the 1d candle's open), for "change today". */
  abstract dayOpens(at: Date): Promise<Map<string, string>>;
  abstract candles(symbol: string, interval: CandleInterval, from: Date, to: Date, limit: number): Promise<Candle[]>;
  /** Deletes 1-minute candles older than `before`; returns how many. */
  abstract sweepMinuteCandles(before: Date): Promise<number>;
}
