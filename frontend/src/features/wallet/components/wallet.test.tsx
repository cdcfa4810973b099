import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../../test/utils';

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

  it('validates and sends a withdrawal with a destination and an Idempotency-Key', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const fetchMock = mockFetch({
      'GET /api/wallet': wallet,
      'GET /api/wallet/transactions': txPage,
      'POST /api/wallet/withdraw': () => jsonResponse(201, { id: 't-2', status: 'Pending' }),
    });
    renderApp('/userdashboard/wallet');
    const form = await screen.findByRole('form', { name: 'Withdraw funds' });
    await userEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(within(form).getByText('Enter an amount')).toBeInTheDocument();
    expect(within(form).getByText(/Enter where the money should go/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Amount'), '40.5');
    await userEvent.type(within(form).getByLabelText('Destination'), 'DE89 3704 0044');
    await userEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/wallet/withdraw')).toBe(true));
    const init = fetchMock.mock.calls.find(([u]) => u === '/api/wallet/withdraw')![1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ amount: '40.50', destination: 'DE89 3704 0044' });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('shows per-field messages from a 400 body', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({
      'GET /api/wallet': wallet,
      'GET /api/wallet/transactions': txPage,
      'POST /api/wallet/deposit': () => jsonResponse(400, { statusCode: 400, message: 'Validation failed', errors: { amount: ['amount must be at most 1000000.00'] } }),
    });
    renderApp('/userdashboard/wallet');
    const form = await screen.findByRole('form', { name: 'Deposit funds' });
    await userEvent.type(within(form).getByLabelText('Amount'), '99999999');
    await userEvent.click(within(form).getByRole('button', { name: 'Deposit' }));
    expect(await within(form).findByText('amount must be at most 1000000.00')).toBeInTheDocument();
  });
});
