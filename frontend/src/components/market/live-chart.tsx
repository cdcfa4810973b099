import { useApi } from '../../lib/api';
import { marketKeys } from '../../lib/query-keys';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ApiAnswer } from '../../lib/api';
import { midOf, useMarketStream } from '../../lib/market-stream';
import { Skeleton } from '../ui/skeleton';
import { InlineError } from '../ui/states';
import type { ChartCandle, ChartLevel } from './candle-chart';

const CandleChart = lazy(() => import('./candle-chart'));

export const INTERVALS = ['1m', '5m', '1h', '1d'] as const;
export type Interval = (typeof INTERVALS)[number];
const SECONDS: Record<Interval, number> = { '1m': 60, '5m': 300, '1h': 3600, '1d': 86400 };
type Candles = ApiAnswer<'/api/market/candles/{symbol}'>;

/** Folds a live mid into the candles: the last bar moves, a new interval starts a new bar. */
export function foldTick(candles: ChartCandle[], interval: Interval, timeMs: number, price: number): ChartCandle[] {
  const step = SECONDS[interval];
  const bucket = Math.floor(timeMs / 1000 / step) * step;
  const last = candles[candles.length - 1];
  if (!last || bucket > last.time) {
    const open = last ? last.close : price;
    return [...candles, { time: bucket, open, high: Math.max(open, price), low: Math.min(open, price), close: price }];
  }
  if (bucket < last.time) return candles;
  return [...candles.slice(0, -1), { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price }];
}

export function toChartCandles(answer: Candles | undefined): ChartCandle[] {
  return (answer?.candles ?? []).map((k) => ({
    time: Math.floor(Date.parse(k.time) / 1000),
    open: Number(k.open),
    high: Number(k.high),
    low: Number(k.low),
    close: Number(k.close),
  }));
}

/**
 * A candlestick chart of one instrument with interval buttons (1m 5m 1h 1d) whose last candle follows
 * the live quotes. The chart library loads lazily, on the first render of this component.
 */
export function LiveChart({ symbol, initialInterval = '1m', levels = [] }: { symbol: string; initialInterval?: Interval; levels?: ChartLevel[] }) {
  const [interval, setInterval] = useState<Interval>(initialInterval);
  const { data, error, mutate } = useApi(marketKeys.candles(symbol, interval, 300), { dedupingInterval: 5_000 });
  const { quotes } = useMarketStream();
  const [candles, setCandles] = useState<ChartCandle[]>([]);

  useEffect(() => setCandles(toChartCandles(data)), [data]);
  const quote = quotes[symbol];
  useEffect(() => {
    if (!quote || !data) return;
    setCandles((prev) => foldTick(prev, interval, Date.parse(quote.time), midOf(quote)));
  }, [quote, data, interval]);

  const levelText = levels.map((l) => `${l.title} ${l.price}`).join(', ');
  const label = useMemo(() => `${symbol} candlestick chart, ${interval} candles${levelText ? `; lines at ${levelText}` : ''}`, [symbol, interval, levelText]);
  return (
    <div className="live-chart">
      <div className="chart-toolbar" role="group" aria-label="Chart interval">
        {INTERVALS.map((i) => (
          <button key={i} type="button" className="btn btn--outline btn--sm" aria-pressed={i === interval} onClick={() => setInterval(i)}>
            {i}
          </button>
        ))}
      </div>
      {error ? <InlineError error={error} onRetry={() => void mutate()} /> : null}
      {!data ? (
        <Skeleton height={380} />
      ) : (
        <Suspense fallback={<Skeleton height={380} />}>
          <CandleChart candles={candles} label={label} levels={levels} />
        </Suspense>
      )}
      <p className="chart-attribution">
        Charts by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
          TradingView
        </a>
      </p>
    </div>
  );
}
