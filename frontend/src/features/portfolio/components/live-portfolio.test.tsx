import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, resetAll, signIn } from '../../../test/utils';
import { FakeEventSource } from '../../../test/fake-event-source';
import { sseResponse } from '../../../test/sse-response';
import { resetMarketStreamForTests } from '../../../lib/market-stream';
import { resetLiveEventsForTests } from '../../../lib/live-events';
import { unrealizedPnl } from '../../../lib/live-pnl';
import { LivePortfolio } from './live-portfolio';

const copy = (over: Record<string, unknown> = {}) => ({
  id: 'c1', traderId: 7, traderName: 'Alpha', status: 'active', invested: '1000.00', equity: '1000.00', pnl: '20.00',
  openPositions: 1, unrealizedPnl: '10.00', liveEquity: '1010.00', stopLossPct: null, ...over,
});
const position = {
  id: 'p1', copyId: 'c1', tradeId: 't1', traderName: 'Alpha', symbol: 'BTCUSDT', side: 'buy', entryPrice: '100.00', exitPrice: null,
  closeReason: null, receipt: { traderFill: '100.00', copierFill: '100.00', quoteTime: '2026-11-23T10:00:00.000Z', delayMs: 0, slippageBps: '0.00' },
  markPrice: '101.00', unrealizedPnl: '10.00', size: '1000.00', status: 'open', pnl: null, openedAt: '2026-11-23T10:00:00.000Z',
};

describe('live portfolio', () => {
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

  it('totals cash + live copy equity and realized + unrealized; marks move with quotes; a position event brings a new position; a drop says reconnecting', async () => {
    signIn();
    const stream = sseResponse();
    let copies = [copy()];
    let positions = [position];
    let streamAuth = '';
    mockFetch({
      'GET /api/wallet': { balance: '500.00', tradingBalance: '1000.00', liveTradingBalance: '1010.00', held: '0.00', transactions: [] },
      'GET /api/copies': () => jsonResponse(200, copies),
      'GET /api/trades': () => jsonResponse(200, { items: positions, total: positions.length, page: 1, limit: 100 }),
      'GET /api/events/stream': (_url: string, init: RequestInit) => {
        streamAuth = new Headers(init.headers).get('Authorization') ?? '';
        return stream.response;
      },
    });
    renderWithProviders(<LivePortfolio />);
    expect(await screen.findByTestId('total-equity')).toHaveTextContent('$1,510.00');
    expect(screen.getByTestId('total-pnl')).toHaveTextContent('$30.00');
    await waitFor(() => expect(streamAuth).toMatch(/^Bearer /));

    // quotes: BTC bid 102 → the position is worth +20, the copy 1,020, the total 1,520
    const es = FakeEventSource.latest();
    act(() => {
      es.open();
      es.emit('quote', { symbol: 'BTCUSDT', bid: '102.00', ask: '102.10', time: '2026-11-23T10:00:05.000Z' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Positions of Alpha' }));
    await waitFor(() => expect(screen.getByTestId('total-equity')).toHaveTextContent('$1,520.00'));
    const row = screen.getByTestId('position-BTCUSDT');
    expect(within(row).getByTestId('mark')).toHaveTextContent('102.00');
    expect(within(row).getByTestId('unrealized')).toHaveTextContent('$20.00');
    expect(row).toHaveTextContent('trader 100.00 · you 100.00 · 0 ms · 0.00 bps');
    expect(within(screen.getByTestId('copy-Alpha')).getByTestId('copy-unrealized')).toHaveTextContent('+2.00%');
    // on a phone the rows are cards: every cell carries its column's name (the Open count and Positions too)
    const copyRow = screen.getByTestId('copy-Alpha');
    expect([...copyRow.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Trader', 'Invested', 'Live equity', 'Unrealized', 'Open', 'Positions']);
    expect([...row.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Symbol', 'Side', 'Size', 'Fill', 'Mark', 'Unrealized', 'Fill receipt']);
    expect(screen.getByRole('table', { name: 'Live copies' })).toHaveClass('table--cards');

    // a new position is opened by the trader: the event revalidates the lists
    copies = [copy({ openPositions: 2, unrealizedPnl: '10.00' })];
    positions = [position, { ...position, id: 'p2', tradeId: 't2', symbol: 'ETHUSDT', entryPrice: '50.00', markPrice: '50.00', unrealizedPnl: '0.00', size: '200.00' }];
    await act(async () => stream.send('position_opened', { tradeId: 't2', symbol: 'ETHUSDT', side: 'buy' }));
    expect(await screen.findByTestId('position-ETHUSDT')).toBeInTheDocument();
    expect(screen.getAllByRole('status').some((s) => s.textContent === '● Live')).toBe(true);

    // the quote stream drops: figures are marked as paused, never shown as live
    act(() => es.fail());
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.getByTestId('position-BTCUSDT')).toHaveClass('is-stale');
  });

  it('unrealized pnl: exact, truncated toward zero like the server, sell negated, never below −size', () => {
    expect(unrealizedPnl('buy', '1000.00', '100.00', '102.00')).toBe('20.00');
    expect(unrealizedPnl('sell', '1000.00', '100.00', '102.00')).toBe('-20.00');
    expect(unrealizedPnl('buy', '100.00', '3.00', '3.001')).toBe('0.03');
    expect(unrealizedPnl('sell', '100.00', '1.00', '5.00')).toBe('-100.00');
  });
});

describe('fill receipt delay', () => {
  it('reads as ms at the trader\'s fill, and in s / min / h / d for an open trade copied later', async () => {
    const { formatDelay } = await import('./live-portfolio');
    expect([0, 999, 1500, 90_000, 7_200_000, 259_200_000].map(formatDelay)).toEqual(['0 ms', '999 ms', '2 s', '2 min', '2 h', '3 d']);
  });
});
