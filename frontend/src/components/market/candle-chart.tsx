/*
 * TradingView Lightweight Charts™ — Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * Licensed under the Apache License 2.0. The chart keeps its attribution logo (a link to tradingview.com).
 *
 * This module is only ever loaded through React.lazy (live-chart.tsx), so the library stays out of the
 * public pages' initial JS.
 */
import { useEffect, useRef } from 'react';
import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';

export interface ChartCandle {
  /** seconds since the epoch (UTC), start of the interval */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export default function CandleChart({ candles, label }: { candles: ChartCandle[]; label: string }) {
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

  // figure, not img: the chart library puts a link (its attribution) inside, and an img's content is presentational
  // (axe: nested-interactive, serious)
  return <div ref={host} className="chart-box" role="figure" aria-label={label} data-candles={candles.length} />;
}
