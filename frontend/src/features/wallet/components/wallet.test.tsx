import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentBodies, signIn } from '../../../test/utils';

const wallet = {
  balance: '1250.50',
  tradingBalance: '300.00',
  held: '20.00',
  transactions: [],
};
const txPage = {
  transactions: [{ id: 't-1', userId: 'u-1', type: 'withdrawal', amount: '20.00', destination: 'DE89 3704', status: 'Pending', createdAt: '2026-11-20T10:00:00Z', decidedAt: null, decidedBy: null, note: null }],
  total: 1,
  page: 1,
  limit: 10,
};

describe('wallet screen', () => {
  it('shows balances with $ and 2 decimals and the transactions with status', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({ 'GET /api/wallet': wallet, 'GET /api/wallet/transactions': txPage });
    renderApp('/userdashboard/wallet');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$1,250.50');
    expect(screen.getByTestId('trading-balance')).toHaveTextContent('$300.00');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(within(table).getByText('DE89 3704')).toBeInTheDocument();
  });

  const addresses = {
    items: [
      { id: 'a-1', label: 'Bank', destination: 'DE89 3704 0044', createdAt: '2026-01-01T00:00:00Z', usableAt: '2026-01-02T00:00:00Z' },
      // saved just now: usable in a little under 24 h (23 h 12 min from the moment the spec runs)
      { id: 'a-2', label: 'New', destination: 'NEW 1', createdAt: new Date().toISOString(), usableAt: new Date(Date.now() + (23 * 60 + 12) * 60_000).toISOString() },
    ],
  };

  it('validates and sends a withdrawal to a saved, usable address with an Idempotency-Key', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const fetchMock = mockFetch({
      'GET /api/wallet': wallet,
      'GET /api/wallet/transactions': txPage,
      'GET /api/wallet/addresses': addresses,
      'GET /api/auth/mfa': { enabled: false, recoveryCodesLeft: 0 },
      'POST /api/wallet/withdraw': () => jsonResponse(201, { id: 't-2', status: 'Pending' }),
    });
    renderApp('/userdashboard/wallet');
    const form = await screen.findByRole('form', { name: 'Withdraw funds' });
    await userEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(within(form).getByText('Enter an amount')).toBeInTheDocument();
    expect(within(form).getByText('Choose a saved withdrawal address')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Amount'), '40.5');
    // The address still in its waiting period is not offered.
    await within(form).findByRole('option', { name: 'Bank: DE89 3704 0044' });
    expect(within(form).queryByRole('option', { name: 'New: NEW 1' })).toBeNull();
    // and the form says when it will be, from its usableAt (no fixed "24-hour" sentence)
    expect(within(form).getByText(/^New: usable in 23 h \d{1,2} min$/)).toBeInTheDocument();
    expect(within(form).queryByText(/24-hour/)).toBeNull();
    expect(within(form).queryByLabelText('Authenticator code')).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Destination'), 'DE89 3704 0044');
    await userEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/wallet/withdraw')).toBe(true));
    const init = fetchMock.mock.calls.find(([u]) => u === '/api/wallet/withdraw')![1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ amount: '40.50', destination: 'DE89 3704 0044' });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect((init.headers as Record<string, string>)['X-MFA-Code']).toBeUndefined();
  });

  it('asks for the authenticator code when 2FA is on and sends it as X-MFA-Code', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const fetchMock = mockFetch({
      'GET /api/wallet': wallet,
      'GET /api/wallet/transactions': txPage,
      'GET /api/wallet/addresses': addresses,
      'GET /api/auth/mfa': { enabled: true, recoveryCodesLeft: 10 },
      'POST /api/wallet/withdraw': () => jsonResponse(201, { id: 't-2', status: 'Pending' }),
    });
    renderApp('/userdashboard/wallet');
    const form = await screen.findByRole('form', { name: 'Withdraw funds' });
    await userEvent.type(within(form).getByLabelText('Amount'), '10');
    await within(form).findByRole('option', { name: 'Bank: DE89 3704 0044' });
    await userEvent.selectOptions(within(form).getByLabelText('Destination'), 'DE89 3704 0044');
    const codeField = await within(form).findByLabelText('Authenticator code');
    await userEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(within(form).getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await userEvent.type(codeField, '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/wallet/withdraw')).toBe(true));
    const init = fetchMock.mock.calls.find(([u]) => u === '/api/wallet/withdraw')![1] as RequestInit;
    expect((init.headers as Record<string, string>)['X-MFA-Code']).toBe('123456');
  });

  it('a deposit: the DTO amount pattern blocks "12.345", a typed "1,250.5" is sent as {amount: "1250.50"}', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const fetchMock = mockFetch({
      'GET /api/wallet': wallet,
      'GET /api/wallet/transactions': txPage,
      'POST /api/wallet/deposit': () => jsonResponse(201, { id: 't-3', status: 'Pending' }),
    });
    renderApp('/userdashboard/wallet');
    const form = await screen.findByRole('form', { name: 'Demo deposit request' });
    const amount = within(form).getByLabelText('Amount');
    await userEvent.type(amount, '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Request deposit' }));
    expect(await within(form).findByText('Enter an amount like 100 or 1,250.50')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,250.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Request deposit' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/wallet/deposit')).toEqual([{ amount: '1250.50' }]));
    await waitFor(() => expect(amount).toHaveValue(''));
  });

  it('shows per-field messages from a 400 body', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({
      'GET /api/wallet': wallet,
      'GET /api/wallet/transactions': txPage,
      'POST /api/wallet/deposit': () => jsonResponse(400, { statusCode: 400, message: 'Validation failed', errors: { amount: ['amount must be at most 1000000.00'] } }),
    });
    renderApp('/userdashboard/wallet');
    const form = await screen.findByRole('form', { name: 'Demo deposit request' });
    await userEvent.type(within(form).getByLabelText('Amount'), '99999999');
    await userEvent.click(within(form).getByRole('button', { name: 'Request deposit' }));
    expect(await within(form).findByText('amount must be at most 1000000.00')).toBeInTheDocument();
  });
});

describe('deposit by bank transfer', () => {
  const instructions = {
    reference: 'ML-7KQ2-9XF4',
    beneficiary: 'Mirrorline Demo Ltd (client money)',
    bankName: 'Demo Bank',
    iban: 'GB33 BUKB 2020 1555 5555 55',
    bic: 'BUKBGB22',
    currency: 'USD',
    minAmount: '10.00',
    maxAmount: '50000.00',
    expectedTime: 'Usually within 1 business day',
  };

  it('shows my reference with a Copy button, the bank details, the limits and the expected time', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({ 'GET /api/wallet': wallet, 'GET /api/wallet/transactions': txPage, 'GET /api/wallet/deposit/instructions': instructions });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/userdashboard/wallet');
    const section = await screen.findByRole('region', { name: 'Deposit by bank transfer' });
    expect(await within(section).findByTestId('deposit-reference')).toHaveTextContent('ML-7KQ2-9XF4');
    for (const text of ['Mirrorline Demo Ltd (client money)', 'Demo Bank', 'GB33 BUKB 2020 1555 5555 55', 'BUKBGB22', '$10.00 to $50,000.00', 'Usually within 1 business day']) {
      expect(within(section).getByText(text)).toBeInTheDocument();
    }
    await userEvent.click(within(section).getByRole('button', { name: 'Copy reference' }));
    expect(writeText).toHaveBeenCalledWith('ML-7KQ2-9XF4');
    expect(await within(section).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Copy IBAN' }));
    expect(writeText).toHaveBeenLastCalledWith('GB33BUKB20201555555555');
    // the demo path stays, and says what it is
    expect(screen.getByRole('form', { name: 'Demo deposit request' })).toHaveTextContent(/without a bank transfer/);
  });

  it('says when the instructions cannot be loaded, with a retry', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({ 'GET /api/wallet': wallet, 'GET /api/wallet/transactions': txPage, 'GET /api/wallet/deposit/instructions': () => jsonResponse(500, { statusCode: 500, message: 'boom' }) });
    renderApp('/userdashboard/wallet');
    const section = await screen.findByRole('region', { name: 'Deposit by bank transfer' });
    expect(await within(section).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(section).queryByTestId('deposit-reference')).toBeNull();
  });
});

describe('wallet statement', () => {
  it('lists every ledger line with its movement, account and signed amount, paged', async () => {
    const { signIn: signInUser, mockFetch: mock, renderApp: render } = await import('../../../test/utils');
    const { screen: s, within: w } = await import('@testing-library/react');
    signInUser();
    const fetchMock = mock({
      'GET /api/wallet': { balance: '70.00', tradingBalance: '0.00', liveTradingBalance: '0.00', held: '30.00', transactions: [] },
      'GET /api/wallet/transactions': { transactions: [], total: 0, page: 1, limit: 20 },
      'GET /api/wallet/statement': {
        items: [
          { id: '4', time: '2026-11-23T10:03:00.000Z', type: 'copy_return', reference: 'copy:c:return', account: 'cash', copyId: 'c', amount: '5.00' },
          { id: '3', time: '2026-11-23T10:02:00.000Z', type: 'some_new_code', reference: 'x', account: 'copy_equity', copyId: 'c', amount: '-5.00' },
          { id: '2', time: '2026-11-23T10:01:00.000Z', type: 'withdrawal_hold', reference: 'w', account: 'cash', copyId: null, amount: '-30.00' },
          { id: '1', time: '2026-11-23T10:00:00.000Z', type: 'deposit', reference: 'd', account: 'cash', copyId: null, amount: '100.00' },
        ],
        total: 4, page: 1, limit: 20,
      },
    });
    render('/userdashboard/wallet');
    const table = await s.findByRole('table', { name: 'Statement' });
    const rows = w(table).getAllByRole('row').slice(1);
    // codes in words, never raw (product.md §12.6): copy_return has its name, an unknown code reads as a sentence
    expect(rows.map((r: HTMLElement) => r.textContent)).toEqual([
      expect.stringMatching(/Returned from copy \(copy ended\)Cash\+\$5\.00$/),
      expect.stringMatching(/Some new codeCopy equity-\$5\.00$/),
      expect.stringMatching(/Withdrawal requested \(held\)Cash-\$30\.00$/), expect.stringMatching(/DepositCash\+\$100\.00$/)]);
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/wallet/statement?page=1&limit=20')).toBe(true);
  });
});
