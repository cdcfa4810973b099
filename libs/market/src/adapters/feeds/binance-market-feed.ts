import { Inject, Injectable, Logger } from '@nestjs/common';
import WebSocket from 'ws';
import { APP_CONFIG, Clock, type AppConfig } from '@mirrorline/shared';
import { MarketFeed } from '../../application/ports/market-feed';
import { MarketStore, type CandleRow } from '../../application/ports/market-store';
import { InstrumentCatalogue } from '../../application/services/instrument-catalogue';
import { QuotePipeline } from '../../application/services/quote-pipeline';
import { INTERVAL_MS, type CandleInterval, type Quote } from '../../domain/instrument';

/** Binance closes a connection after 24 h: we reconnect well before. */
export const BINANCE_ROTATE_MS = 23 * 3_600_000;
/** Backoff of the reconnects: 1 s, 2 s, 4 s … 30 s, with jitter. */
const BACKOFF_MAX_MS = 30_000;
/** Quotes are batched: the latest of each symbol every FLUSH_MS (bookTicker sends many a second). */
const FLUSH_MS = 250;
/** No message (nor ping) for this long: the connection is dead even if TCP has not noticed. */
const SILENCE_MS = 60_000;

const DECIMAL = /^\d{1,16}(\.\d{1,16})?$/;

interface BookTicker {
  u?: number;
  s: string;
  b: string;
  B?: string;
  a: string;
  A?: string;
}

interface KlineEvent {
  e: 'kline';
  E?: number;
  s: string;
  k: { t: number; T?: number; s: string; i: string; o: string; c: string; h: string; l: string; v?: string; x?: boolean };
}

/**
 * Real crypto prices (MARKET_FEED=binance) from Binance's public spot market-data streams, no key: one
 * combined-stream connection (`/stream?streams=…`, messages `{stream, data}`) with `<symbol>@bookTicker`
 * for quotes and `<symbol>@kline_1m` for candles. Reconnects with backoff, rotates the connection before
 * Binance's 24 h limit, answers the server's pings (ws auto-pong), and logs and skips a message it cannot
 * read. Forex and Stocks have no source in this mode and are listed as closed.
 */
@Injectable()
export class BinanceMarketFeed extends MarketFeed {
  readonly kind = 'binance' as const;
  private readonly logger = new Logger('BinanceMarketFeed');
  private socket?: WebSocket;
  private running = false;
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private rotateTimer?: NodeJS.Timeout;
  private silenceTimer?: NodeJS.Timeout;
  private flushTimer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private readonly quotes = new Map<string, Quote>();
  private readonly klines = new Map<string, KlineEvent['k']>();
  /** counters, for the logs and the tests */
  readonly stats = { connections: 0, messages: 0, skipped: 0 };
  /** overridable in tests */
  rotateAfterMs = BINANCE_ROTATE_MS;
  backoffBaseMs = 1_000;

  constructor(
    private readonly catalogue: InstrumentCatalogue,
    private readonly pipeline: QuotePipeline,
    private readonly store: MarketStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  serves(market: 'Forex' | 'Crypto' | 'Stocks'): boolean {
    return market === 'Crypto';
  }

  streamUrl(): string {
    const streams = this.catalogue
      .all()
      .filter((s) => s.market === 'Crypto')
      .flatMap((s) => [`${s.symbol.toLowerCase()}@bookTicker`, `${s.symbol.toLowerCase()}@kline_1m`]);
    return `${this.config.binanceWsUrl}/stream?streams=${streams.join('/')}`;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.catalogue.load();
    this.connect();
    this.flushTimer = setInterval(() => {
      if (!this.flushing) this.flushing = this.flush().finally(() => (this.flushing = undefined));
    }, FLUSH_MS);
    this.flushTimer.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const timer of [this.reconnectTimer, this.rotateTimer, this.silenceTimer]) if (timer) clearTimeout(timer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.removeAllListeners();
    socket?.on('error', () => undefined);
    socket?.terminate();
    await this.flushing;
  }

  private connect(): void {
    if (!this.running) return;
    const socket = new WebSocket(this.streamUrl(), { autoPong: true, handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on('open', () => {
      this.attempt = 0;
      this.stats.connections++;
      this.logger.log(`connected to ${this.config.binanceWsUrl}`);
      this.alive();
      if (this.rotateTimer) clearTimeout(this.rotateTimer);
      this.rotateTimer = setTimeout(() => {
        this.logger.log('rotating the stream connection before the 24 h limit');
        this.drop(socket);
      }, this.rotateAfterMs);
      this.rotateTimer.unref();
    });
    socket.on('ping', () => this.alive());
    socket.on('message', (raw) => {
      this.alive();
      this.onMessage(raw.toString());
    });
    socket.on('error', (error) => this.logger.warn(`stream error: ${error.message}`));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.scheduleReconnect();
    });
  }

  /** Ends a connection and reconnects (rotation, or silence). */
  private drop(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    socket.removeAllListeners();
    socket.on('error', () => undefined);
    socket.terminate();
    this.connect();
  }

  private alive(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    const socket = this.socket;
    this.silenceTimer = setTimeout(() => {
      if (socket) {
        this.logger.warn(`no message for ${SILENCE_MS / 1000} s: reconnecting`);
        this.drop(socket);
      }
    }, SILENCE_MS);
    this.silenceTimer.unref();
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    const base = Math.min(BACKOFF_MAX_MS, this.backoffBaseMs * 2 ** this.attempt++);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.logger.warn(`stream closed: reconnecting in ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  /** One combined-stream message; anything that is not a well-formed bookTicker or kline is logged and skipped. */
  onMessage(text: string): void {
    this.stats.messages++;
    let message: { stream?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return this.skip('not JSON', text);
    }
    const data = message?.data as Partial<BookTicker & KlineEvent> | undefined;
    if (typeof message?.stream !== 'string' || !data || typeof data !== 'object') return this.skip('not a combined-stream message', text);
    if (message.stream.endsWith('@bookticker') || message.stream.endsWith('@bookTicker')) {
      const { s, b, a } = data;
      if (typeof s !== 'string' || !this.catalogue.get(s) || typeof b !== 'string' || typeof a !== 'string' || !DECIMAL.test(b) || !DECIMAL.test(a) || Number(b) <= 0 || Number(b) > Number(a)) {
        return this.skip('bad bookTicker', text);
      }
      this.quotes.set(s, { symbol: s, bid: b, ask: a, time: this.clock.now() });
      return;
    }
    if (data.e === 'kline' && data.k && typeof data.k === 'object') {
      const k = data.k;
      const fields = [k.o, k.h, k.l, k.c];
      if (typeof k.s !== 'string' || !this.catalogue.get(k.s) || k.i !== '1m' || !Number.isSafeInteger(k.t) || !fields.every((f) => typeof f === 'string' && DECIMAL.test(f))) {
        return this.skip('bad kline', text);
      }
      this.klines.set(`${k.s}:${k.t}`, k);
      return;
    }
    this.skip('unknown stream', text);
  }

  private skip(why: string, text: string): void {
    this.stats.skipped++;
    this.logger.warn(`skipped a malformed stream message (${why}): ${text.slice(0, 200)}`);
  }

  /** Stores the latest quote of each symbol and the klines received since the last flush. */
  async flush(): Promise<void> {
    const quotes = [...this.quotes.values()];
    this.quotes.clear();
    const klines = [...this.klines.values()];
    this.klines.clear();
    try {
      if (klines.length) await this.store.mergeCandles(klineRows(klines, (s) => this.catalogue.get(s)?.priceDecimals ?? 8), { replace1m: true });
      if (quotes.length) await this.pipeline.publish(quotes, { candles: false });
    } catch (error) {
      this.logger.error(`storing binance prices failed: ${(error as Error).message}`);
    }
  }
}

function round(value: string, decimals: number): string {
  return Number(value).toFixed(decimals);
}

/** A 1-minute kline as its 1m row (replaced as it updates) and its 5m / 1h / 1d roll-ups (merged). */
export function klineRows(klines: ReadonlyArray<KlineEvent['k']>, decimals: (symbol: string) => number): CandleRow[] {
  const rows: CandleRow[] = [];
  for (const k of klines) {
    const d = decimals(k.s);
    for (const interval of ['1m', '5m', '1h', '1d'] as CandleInterval[]) {
      const size = INTERVAL_MS[interval];
      rows.push({
        symbol: k.s,
        interval,
        time: new Date(Math.floor(k.t / size) * size),
        open: round(k.o, d),
        high: round(k.h, d),
        low: round(k.l, d),
        close: round(k.c, d),
      });
    }
  }
  return rows;
}
