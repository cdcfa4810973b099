import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, resetAll } from '../../test/utils';
import { FakeEventSource } from '../../test/fake-event-source';
import { backoffMs, resetMarketStreamForTests } from '../../lib/market-stream';
import { foldTick } from './live-chart';
import { sessionText } from '../../features/markets/components/markets-page';

const instruments = [
  { symbol: 'BTCUSDT', market: 'Crypto', name: 'Bitcoin', priceDecimals: 2, session: 'crypto', open: true, nextOpen: null, nextClose: null, quote: { bid: '100.00', ask: '100.02', time: '2026-11-23T10:00:00.000Z' }, dayOpen: '100.01', changePct: '0' },
  { symbol: 'EURUSD', market: 'Forex', name: 'Euro / US Dollar', priceDecimals: 5, session: 'forex', open: true, nextOpen: null, nextClose: null, quote: { bid: '1.10000', ask: '1.10010', time: '2026-11-23T10:00:00.000Z' }, dayOpen: '1.20000', changePct: '-8.33' },
  { symbol: 'AAPL', market: 'Stocks', name: 'Apple', priceDecimals: 2, session: 'stocks', open: false, nextOpen: new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000).toISOString(), nextClose: null, quote: null, dayOpen: null, changePct: null },
];

function routes() {
  return mockFetch({
    'GET /api/market/instruments': instruments,
    'GET /api/market/candles/BTCUSDT': { symbol: 'BTCUSDT', interval: '1h', candles: [{ time: '2026-11-23T08:00:00.000Z', open: '99', high: '101', low: '98', close: '100' }, { time: '2026-11-23T09:00:00.000Z', open: '100', high: '102', low: '99', close: '101' }] },
  });
}

describe('live market (ticker, markets page, stream)', () => {
  beforeEach(() => {
    resetMarketStreamForTests();
    FakeEventSource.install();
  });
  afterEach(() => {
    resetMarketStreamForTests();
    resetAll();
  });

  it('the ticker shows every instrument, moves with the stream, and is hidden from screen readers but for one link', async () => {
    routes();
    renderApp('/aboutus');
    const ticker = await screen.findByRole('region', { name: 'Market ticker' });
    await waitFor(() => expect(ticker.querySelectorAll('[data-symbol="BTCUSDT"]').length).toBe(2));
    expect(ticker.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(within(ticker).getByRole('link', { name: 'Live market prices' })).toHaveAttribute('href', '/markets');
    expect(ticker.querySelector('[aria-live]')).toBeNull();
    expect(ticker.querySelector('[data-symbol="EURUSD"]')).toHaveClass('ticker__item--down');
    const es = FakeEventSource.latest();
    expect(es.url).toBe('/api/market/stream');
    act(() => {
      es.open();
      es.emit('quote', { symbol: 'BTCUSDT', bid: '110.00', ask: '110.02', time: '2026-11-23T10:00:01.000Z' });
    });
    await waitFor(() => expect(ticker.querySelector('[data-symbol="BTCUSDT"] .ticker__price')).toHaveTextContent('110.00'));
    expect(ticker.querySelector('[data-symbol="BTCUSDT"]')).toHaveClass('ticker__item--up');
  });

  it('/markets groups by market with live bid/ask, change, session; a dropped stream says reconnecting and reopens with backoff', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes();
    renderApp('/markets');
    expect(await screen.findByRole('heading', { name: 'Crypto' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forex' })).toBeInTheDocument();
    const stocks = screen.getByRole('table', { name: 'Stocks instruments' });
    expect(within(stocks).getByText(/Closed · opens in 2 h/)).toBeInTheDocument();
    const es = FakeEventSource.latest();
    act(() => es.open());
    expect(screen.getAllByRole('status').some((s) => s.textContent === '● Live')).toBe(true);
    act(() => es.emit('quote', { symbol: 'BTCUSDT', bid: '120.50', ask: '120.52', time: '2026-11-23T10:00:01.000Z' }));
    await act(async () => vi.advanceTimersByTime(300));
    expect(screen.getByTestId('bid-BTCUSDT')).toHaveTextContent('120.50');
    act(() => es.fail());
    expect(es.closed).toBe(true);
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.getByTestId('bid-BTCUSDT').closest('tr')).toHaveClass('is-stale');
    // one global banner says live data is lost, until the stream is back
    expect(screen.getByTestId('connection-banner')).toHaveTextContent('Live data lost: reconnecting…');
    const before = FakeEventSource.instances.length;
    await act(async () => vi.advanceTimersByTime(1100));
    expect(FakeEventSource.instances.length).toBe(before + 1);
    act(() => FakeEventSource.latest().open());
    expect(screen.getByTestId('bid-BTCUSDT').closest('tr')).not.toHaveClass('is-stale');
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    vi.useRealTimers();
  });

  it('/markets/:symbol draws the candles and moves the last one with the live quotes; interval buttons reload', async () => {
    const fetchMock = routes();
    renderApp('/markets/BTCUSDT');
    const chart = await screen.findByRole('figure', { name: 'BTCUSDT candlestick chart, 1m candles' });
    // the chart mounts with the answer and takes its candles in an effect right after: wait for them
    await waitFor(() => expect(chart).toHaveAttribute('data-candles', '2'));
    // the 24 h range from the last 24 hourly candles: the highest high and the lowest low
    expect(await screen.findByTestId('day-range')).toHaveTextContent('24 h high 102.0024 h low 98.00');
    expect(screen.getByRole('link', { name: 'TradingView' })).toHaveAttribute('href', 'https://www.tradingview.com/');
    const es = FakeEventSource.latest();
    act(() => {
      es.open();
      // a tick far after the last candle starts a new one at the live mid
      es.emit('quote', { symbol: 'BTCUSDT', bid: '130.00', ask: '130.02', time: '2026-11-23T12:00:00.000Z' });
    });
    await waitFor(() => expect(screen.getByRole('figure', { name: /candlestick/ })).toHaveAttribute('data-candles', '3'));
    expect(screen.getByRole('figure', { name: /candlestick/ })).toHaveAttribute('data-last-close', '130.01');
    await userEvent.click(screen.getByRole('button', { name: '1h' }));
    expect(await screen.findByRole('figure', { name: 'BTCUSDT candlestick chart, 1h candles' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('interval=1h') && String(u).includes('limit=300'))).toBe(true);
  });

  it('backoff: 1 s, 2 s, then every 4 s (back within 5 s of the server); session text; a tick folds into the last candle or starts a new one', () => {
    expect([1, 2, 3, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 4000, 4000]);
    expect(sessionText({ open: true, nextOpen: null })).toBe('Open');
    expect(sessionText({ open: false, nextOpen: '2026-11-25T14:30:00.000Z' }, Date.parse('2026-11-23T12:00:00.000Z'))).toBe('Closed · opens in 2 d 2 h');
    expect(sessionText({ open: false, nextOpen: '2026-11-23T13:30:30.000Z' }, Date.parse('2026-11-23T12:00:00.000Z'))).toBe('Closed · opens in 1 h 31 min');
    expect(sessionText({ open: false, nextOpen: '2026-11-23T12:00:00.000Z' }, Date.parse('2026-11-23T12:00:00.000Z'))).toBe('Opening');
    const bars = [{ time: 60, open: 1, high: 2, low: 0.5, close: 1.5 }];
    expect(foldTick(bars, '1m', 100_000, 3)).toEqual([{ time: 60, open: 1, high: 3, low: 0.5, close: 3 }]);
    expect(foldTick(bars, '1m', 125_000, 1.2)).toEqual([...bars, { time: 120, open: 1.5, high: 1.5, low: 1.2, close: 1.2 }]);
    expect(foldTick(bars, '1m', 10_000, 9)).toBe(bars);
  });
});
