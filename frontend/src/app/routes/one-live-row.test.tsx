import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, resetAll, signIn } from '../../test/utils';
import { FakeEventSource } from '../../test/fake-event-source';
import { sseResponse } from '../../test/sse-response';
import { resetMarketStreamForTests } from '../../lib/market-stream';
import { resetLiveEventsForTests } from '../../lib/live-events';
import { LivePortfolio } from '../../features/portfolio/components/live-portfolio';
import { CopiesList } from '../../features/copies/components/copies-list';

// A copy of 500.00 settled at 499.98 (a small settled loss) with one open position; the server marked it +0.05.
const copy = {
  id: 'c1', traderId: 7, traderName: 'Alpha', traderImage: null, status: 'active', invested: '500.00', equity: '499.98', freeEquity: '299.98',
  highWaterMark: '500.00', pnl: '-0.02', feesPaid: '0.00', openPositions: 1, unrealizedPnl: '0.05', liveEquity: '500.03', stopLossPct: null,
  takeProfitPct: null, stopReason: null, share: 20, traderShare: 20, createdAt: '2026-11-23T10:00:00.000Z', endedAt: null,
};
const position = {
  id: 'p1', copyId: 'c1', tradeId: 't1', traderName: 'Alpha', symbol: 'BTCUSDT', side: 'buy', entryPrice: '100.00', exitPrice: null,
  closeReason: null, receipt: null, markPrice: '100.025', unrealizedPnl: '0.05', size: '200.00', status: 'open', pnl: null, openedAt: '2026-11-23T10:00:00.000Z',
};

describe('one live row per copy: the portfolio and "My copies" show the same number at the same moment', () => {
  beforeEach(() => {
    resetMarketStreamForTests();
    resetLiveEventsForTests();
    FakeEventSource.install();
  });
  afterEach(() => {
    resetLiveEventsForTests();
    resetMarketStreamForTests();
    resetAll();
  });

  it('both read the one live figure: the server\'s while the streams connect, the market stream\'s quotes once live; settled pnl and divergence in words', async () => {
    signIn();
    const stream = sseResponse();
    mockFetch({
      'GET /api/wallet': { balance: '0.00', tradingBalance: '499.98', liveTradingBalance: '500.03', held: '0.00', transactions: [] },
      'GET /api/copies': () => jsonResponse(200, [copy]),
      'GET /api/trades': () => jsonResponse(200, { items: [position], total: 1, page: 1, limit: 100 }),
      'GET /api/events/stream': () => stream.response,
    });
    renderWithProviders(
      <>
        <LivePortfolio />
        <CopiesList divergence={{ c1: -0.12 }} />
      </>,
    );
    const portfolioEquity = async () => within(await screen.findByTestId('copy-Alpha')).getByTestId('live-equity').textContent;
    const myCopies = () => screen.getByRole('table', { name: 'My copies' });
    // Before the streams are live: the server's live figure (equity + unrealized = 500.03) in both, never the settled 499.98.
    await waitFor(() => expect(within(myCopies()).getByTestId('copy-live-equity')).toHaveTextContent('$500.03'));
    expect(await portfolioEquity()).toBe('$500.03');
    expect(within(myCopies()).getByTestId('copy-live-unrealized')).toHaveTextContent('$0.05');
    expect(within(myCopies()).getByTestId('copy-live-equity')).toHaveClass('is-stale');

    // Live: BTC bid 101 → +2.00 on 200.00 at 100: both show 501.98 in the same render.
    const es = FakeEventSource.latest();
    act(() => {
      es.open();
      es.emit('quote', { symbol: 'BTCUSDT', bid: '101.00', ask: '101.10', time: '2026-11-23T10:00:05.000Z' });
    });
    await waitFor(() => expect(within(myCopies()).getByTestId('copy-live-equity')).toHaveTextContent('$501.98'));
    expect(await portfolioEquity()).toBe('$501.98');
    expect(within(myCopies()).getByTestId('copy-live-unrealized')).toHaveTextContent('$2.00');
    expect(within(myCopies()).getByTestId('copy-live-equity')).not.toHaveClass('is-stale');
    act(() => es.emit('quote', { symbol: 'BTCUSDT', bid: '99.50', ask: '99.60', time: '2026-11-23T10:00:06.000Z' }));
    await waitFor(() => expect(within(myCopies()).getByTestId('copy-live-equity')).toHaveTextContent('$498.98'));
    expect(await portfolioEquity()).toBe('$498.98');

    // Settled pnl and divergence are named and explained.
    expect(within(myCopies()).getByRole('columnheader', { name: 'Settled pnl' })).toHaveAttribute('title', expect.stringMatching(/closed positions/));
    expect(within(myCopies()).getByRole('columnheader', { name: 'Divergence' })).toHaveAttribute('title', expect.stringMatching(/minus the trader/));
    expect(screen.getByTestId('copies-explained')).toHaveTextContent(/Divergence is how far your result on closed positions is from the trader’s own/);
  });
});
