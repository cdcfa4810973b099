import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentBodies, signIn } from '../../../test/utils';

const copy = {
  id: 'c-1', traderId: 7, traderName: 'Jonas Lindqvist', status: 'active', invested: '1000.00', equity: '1000.00', freeEquity: '500.00',
  pnl: '0.00', feesPaid: '0.00', openPositions: 2, stopLossPct: 60, takeProfitPct: null,
};

function mockDashboard(calls: { method: string; url: string; body: unknown; key: string | null }[], answers: Record<string, () => Response> = {}) {
  const record = (method: string) => (url: string, init: RequestInit) => {
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, key: new Headers(init.headers).get('Idempotency-Key') });
    return answers[`${method} ${url}`]?.() ?? jsonResponse(200, copy);
  };
  return mockFetch({
    'GET /api/wallet': { balance: '400.00', tradingBalance: '1000.00', held: '0.00', transactions: [] },
    'GET /api/copies': [copy],
    'GET /api/trades': { items: [], total: 0, page: 1, limit: 100 },
    'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 10 },
    'POST /api/copies/c-1/stop': record('POST'),
    'PATCH /api/copies/c-1/settings': record('PATCH'),
  });
}

describe('copy controls (product.md §12.1)', () => {
  it('stop asks in a styled dialog (no native confirm); "close all now" sends closePositions with an Idempotency-Key', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const calls: { method: string; url: string; body: unknown; key: string | null }[] = [];
    mockDashboard(calls);
    renderApp('/userdashboard');
    const table = await screen.findByRole('table', { name: 'My copies' });
    await userEvent.click(within(table).getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop copying Jonas Lindqvist?' });
    expect(within(dialog).getByText(/They stay open until the trader closes them/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Close all its 2 open positions now at the market/ }));
    expect(within(dialog).getByText(/the equity returns to your balance and the copy ends/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop and close all' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { closePositions: true } });
    expect(calls[0].key).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refused stop stays in the dialog with the server’s reason; Cancel sends nothing', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const calls: { method: string; url: string; body: unknown; key: string | null }[] = [];
    mockDashboard(calls, {
      'POST /api/copies/c-1/stop': () => jsonResponse(409, { statusCode: 409, code: 'MARKET.CLOSED', message: 'The market for AAPL is closed' }),
    });
    renderApp('/userdashboard');
    const table = await screen.findByRole('table', { name: 'My copies' });
    await userEvent.click(within(table).getByRole('button', { name: 'Stop' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(within(table).getByRole('button', { name: 'Stop' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop and close all' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The market for AAPL is closed');
  });

  it('edits the guards: max loss and take profit with the amounts they stand for; blank clears; out of range is refused here', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const calls: { method: string; url: string; body: unknown; key: string | null }[] = [];
    mockDashboard(calls);
    renderApp('/userdashboard');
    const table = await screen.findByRole('table', { name: 'My copies' });
    await userEvent.click(within(table).getByRole('button', { name: 'Guards' }));
    const form = within(table).getByRole('form', { name: 'Guards of the copy of Jonas Lindqvist' });
    const loss = within(form).getByLabelText('Max loss %');
    expect(loss).toHaveValue('40'); // stopLossPct 60 = a 40 % loss accepted
    expect(within(form).getByText('Max loss 40% · stops at $600.00')).toBeInTheDocument();
    const profit = within(form).getByLabelText('Take profit %');
    await userEvent.type(profit, '1001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save guards' }));
    expect(within(form).getByText(/Enter a whole percentage from 1 to 1000/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(profit);
    await userEvent.type(profit, '25');
    expect(within(form).getByText('+25% · closes at $1,250.00')).toBeInTheDocument();
    await userEvent.clear(loss);
    await userEvent.click(within(form).getByRole('button', { name: 'Save guards' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { stopLossPct: null, takeProfitPct: 25 } });
  });
});

describe('copy funds', () => {
  it('checks the amount by CopyAmountDto, then adds it (or takes it back) with two decimals', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const fetchMock = mockFetch({
      'GET /api/wallet': { balance: '400.00', tradingBalance: '1000.00', held: '0.00', transactions: [] },
      'GET /api/copies': [copy],
      'GET /api/trades': { items: [], total: 0, page: 1, limit: 100 },
      'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 10 },
      'POST /api/copies/c-1/funds': () => jsonResponse(201, copy),
      'POST /api/copies/c-1/withdraw': () => jsonResponse(201, copy),
    });
    renderApp('/userdashboard');
    const table = await screen.findByRole('table', { name: 'My copies' });
    await userEvent.click(within(table).getByRole('button', { name: 'Funds' }));
    const form = within(table).getByRole('form', { name: 'Funds of the copy of Jonas Lindqvist' });
    const amount = within(form).getByLabelText('Copy amount');
    await userEvent.type(amount, '5.001');
    await userEvent.click(within(form).getByRole('button', { name: 'Add funds' }));
    expect(await within(form).findByText('Enter an amount like 100 or 1,250.50')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/copies/c-1/funds')).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,050');
    await userEvent.click(within(form).getByRole('button', { name: 'Add funds' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/copies/c-1/funds')).toEqual([{ amount: '1050.00' }]));
    await waitFor(() => expect(amount).toHaveValue(''));
    await userEvent.type(amount, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/copies/c-1/withdraw')).toEqual([{ amount: '20.00' }]));
  });
});

describe('close one copied position (product.md §12.1)', () => {
  it('an open position has Close: a styled dialog, then POST trades/:id/close with an Idempotency-Key', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const posts: { url: string; key: string | null }[] = [];
    mockFetch({
      'GET /api/trades': {
        items: [
          { id: '41', copyId: 'c-1', traderName: 'Jonas Lindqvist', market: 'Crypto', pair: 'BTCUSDT', side: 'buy', size: '50.00', entryPrice: '100', exitPrice: null, pnl: null, pnlPct: null, divergencePct: null, status: 'open', openedAt: '2026-11-27T10:00:00Z' },
          { id: '40', copyId: 'c-1', traderName: 'Jonas Lindqvist', market: 'Crypto', pair: 'ETHUSDT', side: 'sell', size: '25.00', entryPrice: '10', exitPrice: '9', pnl: '2.50', pnlPct: '10', divergencePct: 0, status: 'closed', openedAt: '2026-11-26T10:00:00Z' },
        ],
        total: 2,
        page: 1,
        limit: 20,
      },
      'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 10 },
      'POST /api/trades/41/close': (url: string, init: RequestInit) => {
        posts.push({ url, key: new Headers(init.headers).get('Idempotency-Key') });
        return jsonResponse(200, { id: '41', status: 'closed', closeReason: 'copier_closed' });
      },
    });
    renderApp('/userdashboard/trades');
    const table = await screen.findByRole('table', { name: 'Copied trades' });
    expect(within(table).getAllByRole('button', { name: /^Close the/ })).toHaveLength(1); // the closed one has none
    await userEvent.click(within(table).getByRole('button', { name: 'Close the buy BTCUSDT position' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your buy BTCUSDT position?' });
    expect(within(dialog).getByText(/Your copy of Jonas Lindqvist goes on/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close at the market' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].key).toBeTruthy();
  });
});
