/*
 * TradingView Lightweight Charts™ — Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * Licensed under the Apache License 2.0. The chart keeps its attribution logo (a link to tradingview.com).
 *
 * This module is only ever loaded through React.lazy (live-chart.tsx), so the library stays out of the
 * public pages' initial JS.
 */
import { useEffect, useRef } from 'react';
import { CandlestickSeries, createChart, LineStyle, type IChartApi, type IPriceLine, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';

export interface ChartCandle {
  /** seconds since the epoch (UTC), start of the interval */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A horizontal line across the chart at a price: an order's entry, its stop loss or its take profit. */
export interface ChartLevel {
  kind: 'entry' | 'stopLoss' | 'takeProfit';
  price: number;
  title: string;
}

const LEVEL_COLORS: Record<ChartLevel['kind'], string> = { entry: '#5aa9ff', stopLoss: '#ff5c6c', takeProfit: '#1fc77e' };

export default function CandleChart({ candles, label, levels = [] }: { candles: ChartCandle[]; label: string; levels?: ChartLevel[] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const shown = useRef<{ count: number; first: number | null }>({ count: 0, first: null });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = createChart(el, {
      autoSize: true,
      layout: { background: { color: '#0f1b33' }, textColor: '#9fb0cc', attributionLogo: true },
      grid: { vertLines: { color: '#1b2d52' }, horzLines: { color: '#1b2d52' } },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    chart.current = c;
    series.current = c.addSeries(CandlestickSeries, {
      upColor: '#1fc77e',
      downColor: '#ff5c6c',
      borderVisible: false,
      wickUpColor: '#1fc77e',
      wickDownColor: '#ff5c6c',
    });
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
      shown.current = { count: 0, first: null };
    };
  }, []);

  useEffect(() => {
    const s = series.current;
    if (!s || !candles.length) return;
    const bars = candles.map((k) => ({ ...k, time: k.time as UTCTimestamp }));
    const prev = shown.current;
    // a live tick changes only the last bar or appends one: update() keeps the user's zoom and scroll
    if (prev.first === candles[0].time && (candles.length === prev.count || candles.length === prev.count + 1)) {
      s.update(bars[bars.length - 1]);
    } else {
      s.setData(bars);
      chart.current?.timeScale().fitContent();
    }
    shown.current = { count: candles.length, first: candles[0].time };
  }, [candles]);

  // the levels as price lines, drawn again when they change (a few at most)
  const levelKey = levels.map((l) => `${l.kind}:${l.price}`).join('|');
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const lines: IPriceLine[] = levels.map((l) =>
      s.createPriceLine({ price: l.price, title: l.title, color: LEVEL_COLORS[l.kind], lineWidth: 1, lineStyle: l.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed, axisLabelVisible: true }),
    );
    return () => {
      for (const line of lines) series.current?.removePriceLine(line);
    };
    // levelKey stands for the levels' content: a new array of the same levels draws nothing again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [levelKey]);

  // figure, not img: the chart library puts a link (its attribution) inside, and an img's content is presentational
  // (axe: nested-interactive, serious)
  return <div ref={host} className="chart-box" role="figure" aria-label={label} data-candles={candles.length} />;
}
