import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../../test/utils';
import { resolveForm } from '../../../test/forms';
import { shareOf, stopLossFloor } from './copy-math';
import { copyResolver } from './copy-panel';

const WALLET = { balance: '1500.00', tradingBalance: '0.00', liveTradingBalance: '0.00', held: '0.00', transactions: [] };
const trader = { id: 2, name: 'Nora Quinn', share: 20, traderType: 'Scalper', tradingAccuracy: 60, roi30d: 4, maxDrawdown: 3, followers: 5, dayLabels: [], dailyPnls: [], recentTrades: [], period: '30d', roi: 6.5, sharpe: 1.2, copiers: 12, aum: '1500.00', daysTrading: 120, historyStart: '2026-07-01T00:00:00.000Z', shorterHistory: false, markets: ['Crypto'], minCopyAmount: '10.00', maxCopiers: 100000, full: false, allocation: [] };

/** A KYC-verified copier with 1,500.00 on the trader page: POST /copies bodies go to the returned list, answered 201 with `answer`. */
function asCopier(answer: Record<string, unknown> = { id: 'c1' }, copies: unknown[] = []): unknown[] {
  signIn({ roles: ['User'], kycverified: true });
  const posts: unknown[] = [];
  mockFetch({
    'GET /api/traders/2': trader,
    'GET /api/wallet': WALLET,
    'GET /api/copies': copies,
    'POST /api/copies': (_u: string, init: RequestInit) => (posts.push(JSON.parse(String(init.body))), jsonResponse(201, answer)),
  });
  return posts;
}

describe('copy dialog', () => {
  it('amount rules: thousands separator accepted, > 2 decimals, under 10.00, over the balance; stop loss floor; profit share', async () => {
    const amountMessage = async (amount: string) => (await resolveForm(copyResolver('2000.00'), { amount, maxLoss: '', copyOpenTrades: false })).messages.amount;
    expect(await amountMessage('1,000')).toBeUndefined();
    expect(await amountMessage('10.005')).toBe('Use at most 2 decimals (cents)');
    expect(await amountMessage('9.99')).toBe('The minimum is $10.00');
    expect(await amountMessage('2,000.01')).toBe('More than your available balance');
    expect(await amountMessage('abc')).toBe('Enter an amount like 100 or 1,250.50');
    expect(await resolveForm(copyResolver(null), { amount: '1,000', maxLoss: '60', copyOpenTrades: true })).toEqual({ messages: {}, values: { amount: '1000.00', maxLoss: '60', copyOpenTrades: true } });
    expect(stopLossFloor('1,000', 40)).toBe('400.00');
    expect(shareOf('100.00', 20)).toBe('20.00');
  });

  it('balance, Max, stop loss in % and $, profit share, summary then Confirm with one Idempotency-Key; afterwards "You copy this trader"', async () => {
    signIn({ roles: ['User'], kycverified: true });
    let copies: unknown[] = [];
    const posts: { body: unknown; key: string | null }[] = [];
    mockFetch({
      'GET /api/traders/2': trader,
      'GET /api/wallet': WALLET,
      'GET /api/copies': () => jsonResponse(200, copies),
      'POST /api/copies': (_u: string, init: RequestInit) => {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        copies = [{ id: 'c1', traderId: 2, status: 'active', equity: '1000.00', liveEquity: '1000.00' }];
        return jsonResponse(201, { id: 'c1' });
      },
    });
    renderApp('/traderinfo/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Nora Quinn' });
    await waitFor(() => expect(within(dialog).getByTestId('available')).toHaveTextContent('$1,500.00'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('1500.00');
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1,600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('More than your available balance')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1,000');
    // the copier types the loss they accept (60 %): the API's floor is 100 − 60 = 40 % of the amount
    await userEvent.type(within(dialog).getByLabelText('Max loss %'), '60');
    expect(within(dialog).getByText(/^Max loss 60% · −\$600\.00 · stops at \$400\.00: the copy stops when it has lost this much\.$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('slider', { name: 'Max loss slider' })).toHaveValue('60');
    expect(within(dialog).getByText(/\$100\.00 of new gains → \$20\.00 to the trader/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(posts).toHaveLength(0);
    expect(within(dialog).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Max loss 60% · −$600.00 · stops at $400.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$500.00')).toBeInTheDocument(); // balance after
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ traderId: 2, amount: '1000.00', stopLossPct: 40 });
    expect(posts[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/You copy this trader: equity/)).toHaveTextContent('You copy this trader: equity $1,000.00 — manage');
    expect(screen.getByRole('link', { name: 'manage' })).toHaveAttribute('href', '/userdashboard');
  });

  it('the summary shows "what if": the simulation of the last 90 days for this amount and stop loss (GET traders/:id/simulate)', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const asked: string[] = [];
    mockFetch({
      'GET /api/traders/2': trader,
      'GET /api/wallet': WALLET,
      'GET /api/copies': [],
      'GET /api/traders/2/simulate': (url: string) => (
        asked.push(url),
        jsonResponse(200, {
          points: [{ t: '2026-09-01T23:59:59.999Z', equity: '500.00' }, { t: '2026-09-02T23:59:59.999Z', equity: '540.00' }, { t: '2026-11-28T00:00:00.000Z', equity: '612.34' }],
          finalEquity: '612.34',
          feesPaid: '28.10',
          maxDrawdownPct: 7.5,
          stoppedAt: null,
          stopReason: null,
          trades: 31,
        })
      ),
    });
    renderApp('/traderinfo/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Nora Quinn' });
    await userEvent.type(within(dialog).getByLabelText('Amount'), '500');
    await userEvent.type(within(dialog).getByLabelText('Max loss %'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const whatIf = await within(dialog).findByRole('region', { name: 'What if you had copied for the last 90 days' });
    expect(within(whatIf).getByRole('img', { name: 'Simulated equity from $500.00 to $612.34' })).toBeInTheDocument();
    expect(within(whatIf).getByText('$612.34')).toBeInTheDocument();
    expect(within(whatIf).getByText('$28.10')).toBeInTheDocument();
    expect(within(whatIf).getByText('7.50%')).toBeInTheDocument();
    expect(within(whatIf).getByText('31')).toBeInTheDocument();
    const query = new URL(asked[0], 'http://x').searchParams;
    expect(query.get('amount')).toBe('500.00');
    expect(query.get('stopLossPct')).toBe('70');
    expect(Date.now() - Date.parse(query.get('from')!)).toBeLessThanOrEqual(90 * 86_400_000);
  });

  it('"also copy the open trades": off by default, explained, in the summary, sent as copyOpenTrades; the answer is told', async () => {
    const posts = asCopier({
      id: 'c1',
      openTrades: {
        copied: [{ tradeId: '7', symbol: 'BTCUSDT', side: 'buy', size: '40.00', traderFill: '100', copierFill: '110' }],
        skipped: [{ tradeId: '8', symbol: 'AAPL', reason: 'market_closed' }],
      },
    });
    renderApp('/traderinfo/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Nora Quinn' });
    const option = within(dialog).getByRole('checkbox', { name: "Also copy the trader's open trades at today's price" });
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription('Only trades Nora Quinn opens from now on are copied.');
    await userEvent.click(option);
    expect(option).toHaveAccessibleDescription(/opens a position in each of Nora Quinn's open trades now, at the current market price \(not the trader's entry\)/);
    await userEvent.type(within(dialog).getByLabelText('Amount'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText("Copied at today's price")).toBeInTheDocument();
    // Back and unticked: the summary says so, and nothing is sent until Confirm.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Also copy the trader's open trades/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Not copied')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Also copy the trader's open trades/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(posts).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ traderId: 2, amount: '100.00', copyOpenTrades: true });
    expect(await screen.findByText("You are now copying Nora Quinn, with 1 open trade at today's price")).toBeInTheDocument();
    expect(await screen.findByText('Not copied: AAPL (market closed)')).toBeInTheDocument();
  });

  it('the stop loss reads as the loss accepted: the slider moves it, a loss out of range is refused before anything is sent', async () => {
    const posts = asCopier();
    renderApp('/traderinfo/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Nora Quinn' });
    await userEvent.type(within(dialog).getByLabelText('Amount'), '500');
    await userEvent.type(within(dialog).getByLabelText('Max loss %'), '99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Enter a whole percentage from 5 to 95')).toBeInTheDocument();
    // the slider sets the same field
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Max loss slider' }), { target: { value: '25' } });
    expect(within(dialog).getByLabelText('Max loss %')).toHaveValue('25');
    expect(within(dialog).getByText(/^Max loss 25% · −\$125\.00 · stops at \$375\.00/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toEqual([{ traderId: 2, amount: '500.00', stopLossPct: 75 }]));
  });

  it('arriving from a card\'s "Copy" (…#copy) opens the dialog at once; not when the trader is already copied', async () => {
    asCopier();
    renderApp('/traderinfo/2#copy');
    const dialog = await screen.findByRole('dialog', { name: 'Copy Nora Quinn' });
    expect(within(dialog).getByLabelText('Amount')).toBeInTheDocument();
  });

  it('…#copy for a trader I already copy shows my copy, no dialog', async () => {
    asCopier(undefined, [{ id: 'c1', traderId: 2, status: 'active', equity: '1000.00', liveEquity: '1000.00' }]);
    renderApp('/traderinfo/2#copy');
    expect(await screen.findByText(/You copy this trader: equity/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without KYC the dialog explains and links to the KYC page', async () => {
    signIn({ roles: ['User'], kycverified: false });
    mockFetch({ 'GET /api/traders/2': trader, 'GET /api/wallet': { balance: '0.00' }, 'GET /api/copies': [] });
    renderApp('/traderinfo/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Nora Quinn' });
    expect(within(dialog).getByText(/verify your identity/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Verify my identity' })).toHaveAttribute('href', '/userdashboard/kycverification');
  });
});
