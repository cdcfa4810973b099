import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, renderWithProviders } from '../../../test/utils';
import { formatDay } from '../../../lib/money';
import { periodName, TraderPerformanceSection } from './trader-performance';

const perf = (period: string, over: Record<string, unknown> = {}) => ({
  period,
  equityCurve: [
    { date: '2026-10-24', returnPct: 0 },
    { date: '2026-11-01', returnPct: 10 },
    { date: '2026-11-23', returnPct: period === '1M' ? -1 : 8.9 },
  ],
  periodReturnPct: period === '1M' ? -1 : 8.9,
  monthlyReturns: [
    { month: '2026-10', returnPct: 4.5, trades: 12 },
    { month: '2026-11', returnPct: -2.25, trades: 7 },
  ],
  openPositions: [
    { symbol: 'BTCUSDT', side: 'buy', openedAt: '2026-11-23T10:00:00.000Z', unrealizedPnlPct: 1.5 },
    { symbol: 'AAPL', side: 'sell', openedAt: '2026-11-22T15:00:00.000Z', unrealizedPnlPct: null },
  ],
  copierTrend: Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, copiers: i < 20 ? 3 : 5 })),
  ...over,
});

describe('periodName', () => {
  it('names the period, or the first trade\'s day when the history is shorter', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(periodName('1Y', '2026-10-29T08:00:00Z', now)).toBe('since Oct 29, 2026');
    expect(periodName('1M', '2026-10-29T08:00:00Z', now)).toBe('last month');
    expect(periodName('1Y', '2025-01-01T00:00:00Z', now)).toBe('last year');
    expect(periodName('all', '2026-11-01T00:00:00Z', now)).toBe('since the first trade');
    expect(periodName('3M', null, now)).toBe('last 3 months');
  });
});

describe('trader performance (trader page charts)', () => {
  it('equity curve with period buttons (1Y first, then 1M reloads), monthly returns, open positions without sizes, copier trend', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/traders/7/performance': (u: string) => {
        calls.push(u);
        return jsonResponse(200, perf(new URL(u, 'http://x').searchParams.get('period') ?? ''));
      },
    });
    renderWithProviders(<TraderPerformanceSection traderId="7" traderName="Nora Quinn" />);
    const chart = await screen.findByRole('figure', { name: 'Nora Quinn: equity curve, last year' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAttribute('data-unit', '%');
    expect(screen.getByTestId('period-return')).toHaveTextContent('Return last year: +8.90%');
    const periods = screen.getByRole('group', { name: 'Equity curve period' });
    expect(within(periods).getAllByRole('button').map((b) => b.textContent)).toEqual(['1M', '3M', '1Y', 'All']);
    expect(within(periods).getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');
    // the values are there for screen readers too
    expect(screen.getByRole('table', { name: 'Nora Quinn: equity curve, last year' })).toHaveTextContent('2026-11-01+10.00%');

    // monthly returns
    const months = screen.getByRole('table', { name: 'Monthly returns' });
    expect(within(months).getByTestId('month-2026-10')).toHaveTextContent('Oct 2026+4.50%12');
    expect(within(months).getByTestId('month-2026-11')).toHaveTextContent('Nov 2026-2.25%7');
    // open positions: symbol, side, unrealized pnl %; no size column
    const open = screen.getByRole('table', { name: 'Open positions' });
    expect(within(open).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Symbol', 'Side', 'Unrealized PnL', 'Opened']);
    expect(within(open).getByRole('row', { name: /BTCUSDT/ })).toHaveTextContent('+1.50%');
    expect(within(open).getByRole('row', { name: /AAPL/ })).toHaveTextContent('no live price');
    // copier trend
    const copiers = screen.getByRole('figure', { name: 'Nora Quinn: copiers, last 30 days' });
    expect(copiers).toHaveAttribute('data-points', '30');
    expect(copiers).toHaveAttribute('data-last', '5');

    await userEvent.click(within(periods).getByRole('button', { name: '1M' }));
    expect(await screen.findByRole('figure', { name: 'Nora Quinn: equity curve, last month' })).toHaveAttribute('data-last', '-1');
    expect(within(periods).getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('period-return')).toHaveTextContent('Return last month: -1.00%');
    expect(calls).toEqual(['/api/traders/7/performance?period=1Y', '/api/traders/7/performance?period=1M']);
  });

  it('no open trade and no month yet: says so', async () => {
    mockFetch({ 'GET /api/traders/8/performance': perf('1Y', { openPositions: [], monthlyReturns: [] }) });
    renderWithProviders(<TraderPerformanceSection traderId="8" traderName="Nova" />);
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    expect(screen.getByText('No closed trades in the last 12 months.')).toBeInTheDocument();
  });

  it('the trader page shows the charts ("1Y" of one month of data says since when), and a card its 30-day equity sparkline', async () => {
    // The first trade a month ago: the year's curve is a month's, and its label says so.
    const historyStart = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const trader = { id: 7, name: 'Nora Quinn', share: 20, traderType: 'Scalper', tradingAccuracy: 60, roi30d: 4, maxDrawdown: 3, followers: 5, dayLabels: [], dailyPnls: [], recentTrades: [], equityCurve30d: [0.5, 1, 2.75], period: '30d', roi: 6.5, sharpe: 1.2, copiers: 12, aum: '1500.00', daysTrading: 31, historyStart, shorterHistory: false, markets: ['Crypto'], minCopyAmount: '10.00', maxCopiers: 100000, full: false, allocation: [] };
    mockFetch({
      'GET /api/traders/7': trader,
      'GET /api/traders/7/performance': perf('1Y'),
      'GET /api/traders': { items: [trader], total: 1, page: 1, limit: 12 },
    });
    const page = renderApp('/traderinfo/7');
    expect(await screen.findByRole('heading', { name: 'Equity curve' })).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: `Nora Quinn: equity curve, since ${formatDay(historyStart)}` })).toBeInTheDocument();
    expect(screen.getByTestId('period-return')).toHaveTextContent(`Return since ${formatDay(historyStart)}`);
    page.unmount();
    renderApp('/traders');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Nora Quinn: equity curve, last 30 days, +2.75%' })).toBeInTheDocument());
  });
});
