/*
 * TradingView Lightweight Charts™ — Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * Licensed under the Apache License 2.0. The chart keeps its attribution logo (a link to tradingview.com).
 *
 * Only ever loaded through React.lazy (lazy-series-chart.tsx): the library stays out of the initial JS.
 */
import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';

export interface SeriesPoint {
  /** seconds since the epoch (UTC) */
  time: number;
  value: number;
}

/** A marker on a point of the series (e.g. a deposit): an arrow up for 'in', down for 'out', with its text. */
export interface SeriesMarker {
  /** seconds since the epoch (UTC), a point's time */
  time: number;
  direction: 'in' | 'out';
  text: string;
}

export interface SeriesChartProps {
  points: SeriesPoint[];
  label: string;
  kind?: 'area' | 'line' | 'histogram';
  /** appended to the values on the price axis and the crosshair, e.g. '%' */
  unit?: string;
  /** put before the values, e.g. '$' */
  prefix?: string;
  /** decimals of the values on the axis */
  decimals?: number;
  height?: number;
  /** markers on points of the series (lightweight-charts v5 series markers) */
  markers?: SeriesMarker[];
}

const GREEN = '#1fc77e';
const RED = '#ff5c6c';

/** A time series with its axes (time below, values at the right, with the unit) and the crosshair's values. */
export default function SeriesChart({ points, label, kind = 'area', unit = '', prefix = '', decimals = 2, height = 260, markers }: SeriesChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<SeriesType> | null>(null);
  const seriesMarkers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = createChart(el, {
      autoSize: true,
      layout: { background: { color: '#0f1b33' }, textColor: '#9fb0cc', attributionLogo: true },
      grid: { vertLines: { color: '#1b2d52' }, horzLines: { color: '#1b2d52' } },
      rightPriceScale: { visible: true, borderVisible: false },
      timeScale: { timeVisible: false, borderVisible: false },
      localization: { priceFormatter: (v: number) => `${prefix}${v.toFixed(decimals)}${unit}` },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = c;
    const format = { type: 'custom' as const, formatter: (v: number) => `${prefix}${v.toFixed(decimals)}${unit}`, minMove: 1 / 10 ** decimals };
    series.current =
      kind === 'histogram'
        ? c.addSeries(HistogramSeries, { priceFormat: format })
        : kind === 'line'
          ? c.addSeries(LineSeries, { color: '#4f8cff', lineWidth: 2, priceFormat: format })
          : c.addSeries(AreaSeries, { lineColor: GREEN, topColor: 'rgba(31,199,126,0.35)', bottomColor: 'rgba(31,199,126,0.02)', lineWidth: 2, priceFormat: format });
    seriesMarkers.current = createSeriesMarkers(series.current, []);
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
      seriesMarkers.current = null;
    };
  }, [kind, unit, prefix, decimals]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const up = points.length < 2 || points[points.length - 1].value >= points[0].value;
    if (kind === 'area') s.applyOptions({ lineColor: up ? GREEN : RED, topColor: up ? 'rgba(31,199,126,0.35)' : 'rgba(255,92,108,0.35)', bottomColor: 'rgba(0,0,0,0)' });
    s.setData(
      points.map((p) => ({
        time: p.time as UTCTimestamp,
        value: p.value,
        ...(kind === 'histogram' ? { color: p.value >= 0 ? GREEN : RED } : {}),
      })),
    );
    chart.current?.timeScale().fitContent();
  }, [points, kind]);

  useEffect(() => {
    seriesMarkers.current?.setMarkers(
      (markers ?? []).map((m) => ({
        time: m.time as UTCTimestamp,
        position: m.direction === 'in' ? ('belowBar' as const) : ('aboveBar' as const),
        shape: m.direction === 'in' ? ('arrowUp' as const) : ('arrowDown' as const),
        color: m.direction === 'in' ? '#4f8cff' : '#f5a524',
        text: m.text,
      })),
    );
  }, [markers, kind]);

  return <div ref={host} className="chart-box chart-box--series" style={{ height }} role="figure" aria-label={label} data-points={points.length} />;
}
