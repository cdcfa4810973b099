import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, renderWithProviders, signIn } from '../../../test/utils';
import { getToasts } from '../../../lib/toast';
import { AdminOverview } from './admin-overview';
import { TransactionManagement } from './transaction-management';
import { WalletManagement } from './wallet-management';

const messages = () => getToasts().map((t) => t.message);
const asAdmin = () => signIn({ roles: ['User', 'Admin'], username: 'root' });

const tx = (id: string, username: string, type = 'deposit') => ({
  id, userId: `u-${username}`, username, email: `${username}@example.com`, type, amount: '250.00', destination: type === 'withdrawal' ? 'IBAN DE00' : null,
  status: 'Pending', createdAt: '2026-01-02T10:00:00Z', decidedAt: null, decidedBy: null, note: null,
});

function posts(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([, i]) => (i as RequestInit).method === 'POST')
    .map(([u, i]) => ({ url: String(u), key: ((i as RequestInit).headers as Record<string, string>)['Idempotency-Key'] }));
}

describe('Transaction Management', () => {
  it('lists Pending by default; Approve and Reject POST with an Idempotency-Key (one per transaction and decision)', async () => {
    asAdmin();
    const fetchMock = mockFetch({
      'GET /api/admin/transactions': { transactions: [tx('t1', 'bob'), tx('t2', 'eve', 'withdrawal')], total: 2, page: 1, limit: 20 },
      'POST /api/admin/transactions/t1/approve': () => jsonResponse(200, { status: 'Approved' }),
      'POST /api/admin/transactions/t2/reject': () => jsonResponse(200, { status: 'Rejected' }),
    });
    renderWithProviders(<TransactionManagement />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(String(fetchMock.mock.calls[0][0])).toContain('status=Pending');
    expect(screen.getByLabelText('Status')).toHaveValue('Pending');
    await userEvent.click(within(within(table).getByRole('row', { name: 'deposit of bob' })).getByRole('button', { name: 'Approve' }));
    expect(posts(fetchMock)).toHaveLength(0); // asks first, naming the user and the effect
    const approve = screen.getByRole('dialog', { name: 'Approve the deposit of bob?' });
    expect(approve).toHaveTextContent('$250.00 is credited to the cash balance of bob (bob@example.com).');
    await userEvent.click(within(approve).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(messages()).toContain('Transaction approved'));
    await userEvent.click(within(within(table).getByRole('row', { name: 'withdrawal of eve' })).getByRole('button', { name: 'Reject' }));
    const reject = screen.getByRole('dialog', { name: 'Reject the withdrawal of eve?' });
    expect(reject).toHaveTextContent('The $250.00 held for eve (eve@example.com) goes back to their cash balance.');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(messages()).toContain('Transaction rejected'));
    const sent = posts(fetchMock);
    expect(sent.map((p) => p.url)).toEqual(['/api/admin/transactions/t1/approve', '/api/admin/transactions/t2/reject']);
    for (const p of sent) expect(p.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].key).not.toBe(sent[1].key);
  });

  it('a retry after a lost answer (network error) replays the same Idempotency-Key; after an answer a new one is used', async () => {
    asAdmin();
    let attempt = 0;
    const fetchMock = mockFetch({
      'GET /api/admin/transactions': { transactions: [tx('t1', 'bob')], total: 1, page: 1, limit: 20 },
      'POST /api/admin/transactions/t1/approve': () => {
        attempt += 1;
        if (attempt === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return jsonResponse(409, { statusCode: 409, message: 'Transaction already decided' });
      },
    });
    renderWithProviders(<TransactionManagement />);
    const approve = async () => {
      await userEvent.click(within(screen.getByRole('row', { name: 'deposit of bob' })).getByRole('button', { name: 'Approve' }));
      await userEvent.click(within(screen.getByRole('dialog', { name: 'Approve the deposit of bob?' })).getByRole('button', { name: 'Approve' }));
    };
    await screen.findByRole('row', { name: 'deposit of bob' });
    await approve();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('row', { name: 'deposit of bob' })).getByRole('button', { name: 'Approve' })).toBeEnabled());
    await approve();
    await waitFor(() => expect(messages()).toContain('Transaction already decided'));
    await approve();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(3));
    const [first, second, third] = posts(fetchMock);
    expect(second.key).toBe(first.key);
    expect(third.key).not.toBe(first.key);
  });
});

describe('Wallet Management', () => {
  const overview = (balanced: boolean) => ({
    wallets: [{ userId: 'u-7', username: 'bob', email: 'bob@example.com', balance: '1250.50', held: '10.00', tradingBalance: '500.00' }],
    total: 1,
    page: 1,
    limit: 20,
    platform: { deposits: '-1760.50', withdrawals: '0.00', market: '0.00', adjustments: '0.00', userBalance: '1250.50', userTradingBalance: '500.00', userHeld: '10.00' },
    ledgerCheck: { balanced, entriesSum: balanced ? '0.00' : '12.34', unbalancedTransactions: balanced ? 0 : 1, mismatches: balanced ? [] : [{ account: 'x' }] },
  });

  it('shows "Balanced" with the sums and the wallets table', async () => {
    asAdmin();
    mockFetch({ 'GET /api/admin/wallets': overview(true) });
    renderWithProviders(<WalletManagement />);
    expect(await screen.findByTestId('ledger-check')).toHaveTextContent('Balanced');
    expect(screen.getByTestId('ledger-check')).not.toHaveTextContent('Unbalanced');
    const table = screen.getByRole('table', { name: 'User wallets' });
    expect(within(table).getByRole('row', { name: /bob/ })).toHaveTextContent('$1,250.50');
    expect(screen.getByText('Deposits clearing')).toBeInTheDocument();
  });

  it('shows "Unbalanced" with the entries sum and the mismatch counts when the ledger check fails', async () => {
    asAdmin();
    mockFetch({ 'GET /api/admin/wallets': overview(false) });
    renderWithProviders(<WalletManagement />);
    expect(await screen.findByTestId('ledger-check')).toHaveTextContent('Unbalanced');
    const ledger = screen.getByRole('region', { name: 'Ledger check' });
    expect(ledger).toHaveTextContent('$12.34');
    expect(within(ledger).getByText('Unbalanced transactions').nextSibling).toHaveTextContent('1');
    expect(within(ledger).getByText('Balance mismatches').nextSibling).toHaveTextContent('1');
  });

  it('searches wallets by name or email', async () => {
    asAdmin();
    const fetchMock = mockFetch({ 'GET /api/admin/wallets': overview(true) });
    renderWithProviders(<WalletManagement />);
    await screen.findByTestId('ledger-check');
    await userEvent.type(screen.getByLabelText('Search wallets'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('search=bob'))).toBe(true));
  });
});

describe('Admin overview', () => {
  it('shows the admin_details figures (money formatted) and links to the three admin screens', async () => {
    asAdmin();
    const message = { id: 'm1', name: 'Jane Doe', email: 'jane@example.com', subject: 'Where is my withdrawal?', message: 'It is pending since Monday.', userId: null, createdAt: '2026-11-23T10:00:00Z' };
    mockFetch({
      'GET /api/admin_details': { users: 12, traders: 3, totalBalance: '1250.50', kyc: { pending: 2 } },
      'GET /api/admin/contact-messages': { items: [message], total: 1, page: 1, limit: 10 },
    });
    renderApp('/admindashboard');
    // the contact form's messages are listed for admins
    const messages = await screen.findByRole('table', { name: 'Contact messages' });
    expect(within(messages).getByRole('row', { name: /Jane Doe/ })).toHaveTextContent('Where is my withdrawal?');
    expect(await screen.findByText('Users')).toBeInTheDocument();
    expect(screen.getByText('Users').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Total balance').nextSibling).toHaveTextContent('$1,250.50');
    expect(screen.getByText('Kyc · Pending').nextSibling).toHaveTextContent('2');
    // the three cards (the sidebar has plain links of the same names)
    expect(screen.getByRole('link', { name: /^User Management Roles, balances/ })).toHaveAttribute('href', '/admindashboard/usermanagement');
    expect(screen.getByRole('link', { name: /^Transaction Management Approve or reject/ })).toHaveAttribute('href', '/admindashboard/transactionmanagement');
    expect(screen.getByRole('link', { name: /^Wallet Management Balances/ })).toHaveAttribute('href', '/admindashboard/walletmanagement');
    // the trader areas (not in the seed's admin menu) are reachable from here
    expect(screen.getByRole('link', { name: 'Trade management' })).toHaveAttribute('href', '/trademanagement');
    expect(screen.getByRole('link', { name: 'Followers' })).toHaveAttribute('href', '/followers');
  });

  it('queue tiles: what waits for an admin, each linking to its queue; the menu counts the KYC queue', async () => {
    asAdmin();
    mockFetch({
      'GET /api/admin_details': { users: 5, kycPending: 3, pendingDeposits: 2, pendingWithdrawals: 0, pendingApprovals: 1 },
      'GET /api/admin/contact-messages': { items: [], total: 0, page: 1, limit: 10 },
    });
    renderApp('/admindashboard');
    const queues = await screen.findByRole('navigation', { name: 'Queues' });
    expect(within(queues).getByRole('link', { name: /^KYC to review\W*3\W*waiting/ })).toHaveAttribute('href', '/admindashboard/kyc');
    expect(within(queues).getByRole('link', { name: /^Deposits to decide\W*2\W*waiting/ })).toHaveAttribute('href', '/admindashboard/transactionmanagement');
    expect(within(queues).getByRole('link', { name: /^Withdrawals to decide\W*0\W*waiting/ })).toHaveAttribute('href', '/admindashboard/transactionmanagement');
    expect(within(queues).getByRole('link', { name: /^Approvals \(four eyes\)\W*1\W*waiting/ })).toHaveAttribute('href', '/admindashboard/usermanagement');
    // the dashboard menu: "KYC Queue" with its count, read as words
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(await within(menu).findByRole('link', { name: /^KYC Queue\W*3\W*waiting$/ })).toHaveAttribute('href', '/admindashboard/kyc');
  });

  it('the KYC queue page: its count in words and the Pending submissions', async () => {
    asAdmin();
    mockFetch({
      'GET /api/admin_details': { kycPending: 1 },
      'GET /api/admin/kyc': { submissions: [], total: 0, page: 1, limit: 10 },
    });
    renderApp('/admindashboard/kyc');
    expect(await screen.findByRole('heading', { name: 'KYC Queue', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('1 user waits for a KYC decision.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'KYC submissions', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('No pending submissions')).toBeInTheDocument();
  });

  it('shows the error with "Try again" when the figures cannot be loaded', async () => {
    asAdmin();
    let fail = true;
    mockFetch({
      'GET /api/admin_details': () => (fail ? jsonResponse(500, { statusCode: 500, message: 'Figures unavailable' }) : jsonResponse(200, { users: 1 })),
      'GET /api/admin/contact-messages': { items: [], total: 0, page: 1, limit: 10 },
    });
    renderWithProviders(<AdminOverview />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Figures unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Users')).toBeInTheDocument();
  });
});
