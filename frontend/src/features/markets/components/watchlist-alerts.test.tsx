import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, resetAll, signIn } from '../../../test/utils';
import { FakeEventSource } from '../../../test/fake-event-source';
import { resetMarketStreamForTests } from '../../../lib/market-stream';
import { resetLiveEventsForTests } from '../../../lib/live-events';
import { toggled } from '../api/watchlist';
import { directionFor } from './alerts-panel';

const instruments = [
  { symbol: 'BTCUSDT', market: 'Crypto', name: 'Bitcoin', priceDecimals: 2, session: 'crypto', open: true, nextOpen: null, nextClose: null, quote: { bid: '100.00', ask: '100.02', time: '2026-11-23T10:00:00.000Z' }, dayOpen: '100.01', changePct: '0' },
  { symbol: 'EURUSD', market: 'Forex', name: 'Euro / US Dollar', priceDecimals: 5, session: 'forex', open: true, nextOpen: null, nextClose: null, quote: { bid: '1.10000', ask: '1.10010', time: '2026-11-23T10:00:00.000Z' }, dayOpen: '1.20000', changePct: '-8.33' },
];
const candles = { symbol: 'BTCUSDT', interval: '1h', candles: [] };
/** What BTCUSDT's market page reads besides the alerts, signed in (no live events: the stream is refused). */
const btcPage = {
  'GET /api/market/instruments': instruments,
  'GET /api/market/candles/BTCUSDT': candles,
  'GET /api/events/stream': () => new Response('', { status: 401 }),
  'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 8 },
  'GET /api/me/watchlist': { symbols: [] },
};

describe('watchlist and price alerts (markets pages)', () => {
  beforeEach(() => {
    resetMarketStreamForTests();
    resetLiveEventsForTests();
    FakeEventSource.install();
  });
  afterEach(() => {
    resetMarketStreamForTests();
    resetLiveEventsForTests();
    resetAll();
  });

  it('pure helpers: the star toggles a symbol at the end; the direction follows the price against the bid', () => {
    expect(toggled(['A', 'B'], 'C')).toEqual(['A', 'B', 'C']);
    expect(toggled(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
    expect(directionFor('101', '100.00')).toBe('above');
    expect(directionFor('100.00', '100.00')).toBe('above');
    expect(directionFor('99.5', '100.00')).toBe('below');
    expect(directionFor('99.5', undefined)).toBe('above');
  });

  it('a visitor sees no star and no watchlist', async () => {
    mockFetch({ 'GET /api/market/instruments': instruments, 'GET /api/market/candles/BTCUSDT': candles, 'GET /api/market/candles/EURUSD': candles });
    renderApp('/markets');
    expect(await screen.findByRole('heading', { name: 'Crypto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to my watchlist/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'My watchlist' })).toBeNull();
  });

  it('starring an instrument PUTs the list and shows it in my watchlist with its live price; starring again takes it off', async () => {
    signIn();
    let symbols: string[] = [];
    const puts: unknown[] = [];
    mockFetch({
      'GET /api/market/instruments': instruments,
      'GET /api/market/candles/BTCUSDT': candles,
      'GET /api/market/candles/EURUSD': candles,
      'GET /api/events/stream': () => new Response('', { status: 401 }),
      'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 8 },
      'GET /api/me/watchlist': () => jsonResponse(200, { symbols }),
      'PUT /api/me/watchlist': (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { symbols: string[] };
        puts.push(body);
        symbols = body.symbols;
        return jsonResponse(200, { symbols });
      },
    });
    renderApp('/markets');
    expect(await screen.findByText('Nothing watched yet')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Add EURUSD to my watchlist' }));
    const table = await screen.findByRole('table', { name: 'My watchlist' });
    expect(puts).toEqual([{ symbols: ['EURUSD'] }]);
    expect(within(table).getByTestId('watch-bid-EURUSD')).toHaveTextContent('1.10000');
    act(() => {
      FakeEventSource.latest().open();
      FakeEventSource.latest().emit('quote', { symbol: 'EURUSD', bid: '1.12345', ask: '1.12355', time: '2026-11-23T10:00:01.000Z' });
    });
    await waitFor(() => expect(within(table).getByTestId('watch-bid-EURUSD')).toHaveTextContent('1.12345'));
    const stars = screen.getAllByRole('button', { name: 'Remove EURUSD from my watchlist' });
    expect(stars[0]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(stars[0]);
    expect(await screen.findByText('Nothing watched yet')).toBeInTheDocument();
    expect(puts).toEqual([{ symbols: ['EURUSD'] }, { symbols: [] }]);
  });

  it('creates an alert with the price prefilled from the live bid, lists mine on this instrument, shows a refusal, deletes', async () => {
    signIn();
    let items: Array<Record<string, unknown>> = [
      { id: '7', symbol: 'EURUSD', direction: 'below', price: '1.05', notifyByEmail: false, status: 'active', createdAt: '2026-11-23T10:00:00.000Z', triggeredAt: null, triggeredPrice: null },
    ];
    const posts: unknown[] = [];
    mockFetch({
      ...btcPage,
      'GET /api/alerts': () => jsonResponse(200, { items }),
      'POST /api/alerts': (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        if (body.price === '100.123') return jsonResponse(400, { statusCode: 400, code: 'ALERT.BAD_PRICE', message: 'price must be a positive decimal with at most 2 decimals for BTCUSDT' });
        const created = { id: '8', ...body, status: 'active', createdAt: '2026-11-23T10:00:02.000Z', triggeredAt: null, triggeredPrice: null };
        items = [created, ...items];
        return jsonResponse(201, created);
      },
      'DELETE /api/alerts/8': () => {
        items = items.filter((a) => a.id !== '8');
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/markets/BTCUSDT');
    const form = await screen.findByRole('form', { name: 'New price alert on BTCUSDT' });
    expect(await screen.findByText('No alerts on this instrument')).toBeInTheDocument(); // the EURUSD one is not listed here
    const price = within(form).getByLabelText('Price');
    expect(price).toHaveValue('100.00');
    expect(within(form).getByLabelText('When the bid is')).toHaveValue('above');
    await userEvent.clear(price);
    await userEvent.type(price, '0.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    expect(await within(form).findByText('Enter a price above zero')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.clear(price);
    await userEvent.type(price, '100.123');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    expect(await within(form).findByText(/at most 2 decimals/)).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '95.5');
    expect(within(form).getByLabelText('When the bid is')).toHaveValue('below');
    await userEvent.click(within(form).getByLabelText('Also email me'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    const list = await screen.findByRole('list', { name: 'My alerts on BTCUSDT' });
    expect(posts[1]).toEqual({ symbol: 'BTCUSDT', direction: 'below', price: '95.5', notifyByEmail: true });
    expect(within(list).getByText('At or below 95.50')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete alert: At or below 95.50' }));
    expect(await screen.findByText('No alerts on this instrument')).toBeInTheDocument();
  });

  it('the price follows the live bid until the user goes into the field; then a tick changes only the hint', async () => {
    signIn();
    mockFetch({
      ...btcPage,
      'GET /api/alerts': { items: [] },
    });
    renderApp('/markets/BTCUSDT');
    const form = await screen.findByRole('form', { name: 'New price alert on BTCUSDT' });
    const price = within(form).getByLabelText('Price');
    expect(price).toHaveValue('100.00');
    const tick = (bid: string) =>
      act(() => {
        FakeEventSource.latest().open();
        FakeEventSource.latest().emit('quote', { symbol: 'BTCUSDT', bid, ask: '200.00', time: new Date().toISOString() });
      });
    tick('101.50');
    await waitFor(() => expect(price).toHaveValue('101.50'));
    act(() => price.focus());
    tick('102.25');
    expect(await within(form).findByText(/^Bid now 102\.25;/)).toBeInTheDocument();
    expect(price).toHaveValue('101.50');
    await userEvent.clear(price);
    await userEvent.type(price, '50');
    tick('103.00');
    expect(await within(form).findByText(/^Bid now 103\.00;/)).toBeInTheDocument();
    expect(price).toHaveValue('50');
  });
});
