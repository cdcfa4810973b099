import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, resetAll, sentBodies, signIn } from '../../../test/utils';
import { FakeEventSource } from '../../../test/fake-event-source';
import { resetMarketStreamForTests } from '../../../lib/market-stream';
import { TradeDesk } from './trade-desk';
import { levelError, riskPer1000 } from './levels';
import { chartLevels } from './order-ticket';

const instruments = [
  { symbol: 'BTCUSDT', market: 'Crypto', name: 'Bitcoin', priceDecimals: 2, session: 'crypto', open: true, nextOpen: null, nextClose: null, quote: { bid: '98.00', ask: '98.10', time: '2026-11-23T10:00:00.000Z' }, dayOpen: '99.00', changePct: '1' },
  { symbol: 'AAPL', market: 'Stocks', name: 'Apple', priceDecimals: 2, session: 'stocks', open: false, nextOpen: '2026-11-24T14:30:00.000Z', nextClose: null, quote: null, dayOpen: null, changePct: null },
];
const open = {
  id: 't1', symbol: 'BTCUSDT', pair: 'BTCUSDT', market: 'Crypto', side: 'buy', entryPrice: '100.00', exitPrice: null, stopLoss: '90.00', takeProfit: null, closeReason: null,
  markPrice: '100.00', unrealizedPnlPct: '0.0000', allocationPct: 10, pnlPct: null, status: 'open', copiedCount: 2, copiersPnl: '0.00', openedAt: '2026-11-23T10:00:00Z', closedAt: null,
};
const closed = { ...open, id: 't0', status: 'closed', exitPrice: '95.00', closeReason: 'stop_loss', pnlPct: '-5.0000', copiersPnl: '-12.50', closedAt: '2026-11-23T11:00:00Z' };

function quote(bid: string, ask: string) {
  act(() => FakeEventSource.latest().emit('quote', { symbol: 'BTCUSDT', bid, ask, time: new Date().toISOString() }));
}

describe('trade desk (order ticket, open and closed trades)', () => {
  beforeEach(() => {
    resetMarketStreamForTests();
    FakeEventSource.install();
  });
  afterEach(() => {
    resetMarketStreamForTests();
    resetAll();
  });

  it('levels on the right side of the live price; money at risk per $1,000', () => {
    const q = { bid: '100.00', ask: '100.10' };
    expect(levelError('stopLoss', 'buy', '100.00', q)).toBe('Stop loss of a buy must be below the current price 100.00');
    expect(levelError('stopLoss', 'buy', '99.99', q)).toBeUndefined();
    expect(levelError('takeProfit', 'buy', '99', q)).toMatch(/must be above/);
    expect(levelError('stopLoss', 'sell', '100.05', q)).toMatch(/Stop loss of a sell must be above the current price 100.10/);
    expect(levelError('takeProfit', 'sell', 'abc', q)).toBe('Enter a positive price, or leave it empty');
    // 10 % of 1,000 = 100.00 bought at 100.10, stop at 95.095 (−5 %) → 5.00 at risk
    expect(riskPer1000('buy', 10, '95.095', q)).toBe('5.00');
    expect(riskPer1000('buy', 10, '', q)).toBe('100.00');
    expect(riskPer1000('buy', 0, '', q)).toBeNull();
  });

  it("chartLevels: a pending order's entry, the stop loss and the take profit typed so far, as chart lines", () => {
    expect(chartLevels({ type: 'market', price: '', stopLoss: '', takeProfit: '' })).toEqual([]);
    expect(chartLevels({ type: 'market', price: '99', stopLoss: '95.5', takeProfit: 'abc' })).toEqual([{ kind: 'stopLoss', price: 95.5, title: 'Stop loss' }]);
    expect(chartLevels({ type: 'limit', price: '95', stopLoss: '90', takeProfit: '110' })).toEqual([
      { kind: 'entry', price: 95, title: 'Limit' },
      { kind: 'stopLoss', price: 90, title: 'Stop loss' },
      { kind: 'takeProfit', price: 110, title: 'Take profit' },
    ]);
    expect(chartLevels({ type: 'stop', price: '0', stopLoss: '-1', takeProfit: '' })).toEqual([]);
  });

  it('the ticket validates by the field, shows live bid/ask and risk, sends the order with an Idempotency-Key and puts server refusals by their field', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const posts: { body: unknown; key: string | null }[] = [];
    let answer: () => Response = () => jsonResponse(503, { statusCode: 503, message: 'no fresh quote', code: 'MARKET.NO_QUOTE' });
    mockFetch({
      'GET /api/market/instruments': instruments,
      'GET /api/market/candles/BTCUSDT': { symbol: 'BTCUSDT', interval: '1m', candles: [] },
      'GET /api/trader/trades': (url: string) => jsonResponse(200, { items: url.includes('status=closed') ? [closed] : [open], total: 1, page: 1, limit: 20 }),
      'POST /api/trader/trades': (_u: string, init: RequestInit) => {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return answer();
      },
    });
    renderWithProviders(<TradeDesk />);
    const form = await screen.findByRole('form', { name: 'Open a trade' });
    act(() => FakeEventSource.latest().open());
    await userEvent.type(within(form).getByLabelText('Symbol'), 'AAPL');
    await userEvent.clear(within(form).getByLabelText('Allocation %'));
    await userEvent.type(within(form).getByLabelText('Allocation %'), '101');
    await userEvent.click(within(form).getByRole('button', { name: 'Open trade' }));
    expect(within(form).getByText('This market is closed now; it cannot be traded until it opens.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole percentage from 1 to 100')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Symbol'));
    await userEvent.type(within(form).getByLabelText('Symbol'), 'BTCUSDT');
    await userEvent.clear(within(form).getByLabelText('Allocation %'));
    await userEvent.type(within(form).getByLabelText('Allocation %'), '10');
    quote('100.00', '100.10');
    await waitFor(() => expect(screen.getByTestId('ticket-quote')).toHaveTextContent('Ask 100.10'));
    await userEvent.type(within(form).getByLabelText('Stop loss'), '101');
    await userEvent.click(within(form).getByRole('button', { name: 'Open trade' }));
    expect(within(form).getByText('Stop loss of a buy must be below the current price 100.00')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Stop loss'));
    await userEvent.type(within(form).getByLabelText('Stop loss'), '95.095');
    expect(screen.getByTestId('risk')).toHaveTextContent('Money at risk per $1,000 of copier equity: $5.00 at the stop loss');
    // the stop loss is a line on the chart, named in the chart's label
    expect(await screen.findByRole('figure', { name: 'BTCUSDT candlestick chart, 1m candles; lines at Stop loss 95.095' })).toHaveAttribute('data-levels', 'stopLoss:95.095');

    // stale quote on the server: 503 by the symbol, nothing filled
    await userEvent.click(within(form).getByRole('button', { name: 'Open trade' }));
    expect(await within(form).findByText(/No fresh price right now/)).toBeInTheDocument();
    expect(posts[0]).toEqual({ body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, stopLoss: '95.095' }, key: expect.any(String) });

    // the server's level check (the price moved): by the stop loss field
    answer = () => jsonResponse(400, { statusCode: 400, message: 'stopLoss of a buy must be below the current price 95.00000', code: 'TRADE.INVALID_LEVEL' });
    await userEvent.click(within(form).getByRole('button', { name: 'Open trade' }));
    expect(await within(form).findByText('Stop loss of a buy must be below the current price 95.00000')).toBeInTheDocument();

    answer = () => jsonResponse(201, { trade: { ...open, entryPrice: '100.10' }, copied: 2 });
    await userEvent.click(within(form).getByRole('button', { name: 'Open trade' }));
    expect(await within(form).findByText('Buy BTCUSDT filled at 100.10')).toBeInTheDocument();

    // the side: two big choices, Buy at the ask and Sell at the bid
    const buy = within(form).getByRole('radio', { name: 'Buy at 100.10' });
    const sell = within(form).getByRole('radio', { name: 'Sell at 100.00' });
    expect(buy).toBeChecked();
    await userEvent.click(sell);
    expect(sell).toBeChecked();
    answer = () => jsonResponse(201, { trade: { ...open, side: 'sell', entryPrice: '100.00' }, copied: 2 });
    await userEvent.click(within(form).getByRole('button', { name: 'Open trade' }));
    expect(await within(form).findByText('Sell BTCUSDT filled at 100.00')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({ body: { symbol: 'BTCUSDT', side: 'sell', allocationPct: 10 }, key: expect.any(String) });
  });

  it('open trades follow the live price (mark, unrealized %, close fill) and close only after a confirmation; closed trades show the reason and copiers\' pnl', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const closes: string[] = [];
    mockFetch({
      'GET /api/market/instruments': instruments,
      'GET /api/trader/trades': (url: string) => jsonResponse(200, { items: url.includes('status=closed') ? [closed] : [open], total: 1, page: 1, limit: 20 }),
      'POST /api/trader/trades/t1/close': (url: string) => {
        closes.push(url);
        return jsonResponse(200, { trade: { ...open, status: 'closed', exitPrice: '104.00' } });
      },
    });
    renderWithProviders(<TradeDesk />);
    const item = await screen.findByRole('listitem', { name: 'Open trade BTCUSDT' });
    act(() => FakeEventSource.latest().open());
    quote('104.00', '104.10');
    await waitFor(() => expect(within(item).getByTestId('desk-mark')).toHaveTextContent('104.00'));
    expect(within(item).getByTestId('desk-pct')).toHaveTextContent('+4.00%');
    expect(within(item).getByTestId('desk-usd')).toHaveTextContent('$4.00 per $1,000 of copier equity'); // 10 % of $1,000 × 4 %
    expect(within(item).getByText('A close fills at about 104.00 now')).toBeInTheDocument();
    expect(within(item).getByLabelText('Stop loss')).toHaveValue('90.00');

    await userEvent.click(within(item).getByRole('button', { name: 'Close at market' }));
    expect(closes).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Close BTCUSDT?' })).getByRole('button', { name: 'Confirm close' }));
    await waitFor(() => expect(closes).toHaveLength(1));

    const table = screen.getByRole('table', { name: 'Closed trades' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Stop loss');
    expect(row).toHaveTextContent('95.00');
    expect(row).toHaveTextContent('-$12.50');
  });

  it("an open trade's levels: a stop loss above the bid is refused here; a good one and a cleared take profit are sent", async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({
      'GET /api/market/instruments': instruments,
      'GET /api/trader/trades': (url: string) => jsonResponse(200, { items: url.includes('status=closed') ? [] : [{ ...open, takeProfit: '120.00' }], total: 1, page: 1, limit: 20 }),
      'PATCH /api/trader/trades/t1': () => jsonResponse(200, open),
    });
    renderWithProviders(<TradeDesk />);
    const item = await screen.findByRole('listitem', { name: 'Open trade BTCUSDT' });
    act(() => FakeEventSource.latest().open());
    quote('104.00', '104.10');
    await waitFor(() => expect(within(item).getByTestId('desk-mark')).toHaveTextContent('104.00'));
    const form = within(item).getByRole('form', { name: 'Levels of BTCUSDT' });
    const stopLoss = within(form).getByLabelText('Stop loss');
    await userEvent.clear(stopLoss);
    await userEvent.type(stopLoss, '105');
    await userEvent.click(within(form).getByRole('button', { name: 'Save levels' }));
    expect(await within(form).findByText('Stop loss of a buy must be below the current price 104.00')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/trader/trades/t1')).toEqual([]);
    await userEvent.clear(stopLoss);
    await userEvent.type(stopLoss, '99.5');
    await userEvent.clear(within(form).getByLabelText('Take profit'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save levels' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/trader/trades/t1')).toEqual([{ stopLoss: '99.5', takeProfit: null }]));
  });

  it('limit and stop orders: the KYC rule comes first, the price is checked against the live quote, a pending order is listed and cancelled after a confirmation', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3, kycstring: 'Pending' });
    const posts: unknown[] = [];
    const deletes: string[] = [];
    const pending = {
      id: 'o1', symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '95', allocationPct: 10, stopLoss: '90', takeProfit: null, trailingStopPct: 2,
      status: 'pending', reason: null, tradeId: null, expiresAt: null, createdAt: '2026-11-23T10:00:00Z',
    };
    let listed: unknown[] = [];
    mockFetch({
      'GET /api/market/instruments': instruments,
      'GET /api/market/candles/BTCUSDT': { symbol: 'BTCUSDT', interval: '1m', candles: [] },
      'GET /api/trader/trades': () => jsonResponse(200, { items: [], total: 0, page: 1, limit: 20 }),
      'GET /api/trader/orders': () => jsonResponse(200, { items: listed, total: listed.length, page: 1, limit: 50 }),
      'POST /api/trader/trades': (_u: string, init: RequestInit) => {
        posts.push(JSON.parse(String(init.body)));
        listed = [pending];
        return jsonResponse(201, pending);
      },
      'DELETE /api/trader/orders/o1': (url: string) => {
        deletes.push(url);
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<TradeDesk />);
    const form = await screen.findByRole('form', { name: 'Open a trade' });
    expect(within(form).getByTestId('ticket-kyc')).toHaveTextContent('Opening trades requires identity verification (KYC Verified)');
    expect(within(form).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/kycverification');
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
    act(() => FakeEventSource.latest().open());
    await userEvent.type(within(form).getByLabelText('Symbol'), 'BTCUSDT');
    quote('100.00', '100.10');
    await waitFor(() => expect(screen.getByTestId('ticket-quote')).toHaveTextContent('Ask 100.10'));
    await userEvent.selectOptions(within(form).getByLabelText('Order type'), 'limit');
    await userEvent.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(within(form).getByText('Enter the limit price')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Limit price'), '100.10'); // at the ask: that is a market order
    await userEvent.type(within(form).getByLabelText('Trailing stop %'), '60');
    await userEvent.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(within(form).getByText('A buy limit must be below the current ask 100.10')).toBeInTheDocument();
    expect(within(form).getByText(/Enter a percentage from 0.1 to 50/)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Limit price'));
    await userEvent.type(within(form).getByLabelText('Limit price'), '95');
    await userEvent.clear(within(form).getByLabelText('Trailing stop %'));
    await userEvent.type(within(form).getByLabelText('Trailing stop %'), '2');
    await userEvent.type(within(form).getByLabelText('Stop loss'), '96'); // above the order's own price
    await userEvent.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(within(form).getByText('Stop loss of a buy must be below the current price 95')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Stop loss'));
    await userEvent.type(within(form).getByLabelText('Stop loss'), '90');
    await userEvent.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(await within(form).findByText('Buy limit BTCUSDT at 95: pending until the price is reached')).toBeInTheDocument();
    expect(posts).toEqual([{ symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, stopLoss: '90', trailingStopPct: 2, type: 'limit', price: '95' }]);

    const item = await screen.findByRole('listitem', { name: 'Pending order BTCUSDT' });
    expect(item).toHaveTextContent('at 95.00 · 10% · SL 90.00 · trailing 2%');
    expect(item).toHaveTextContent('Good till cancelled');
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel order' }));
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel BTCUSDT order?' })).getByRole('button', { name: 'Confirm cancel' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
  });
});
