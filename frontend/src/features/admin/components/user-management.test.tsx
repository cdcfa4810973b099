import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, makeToken, mockFetch, renderApp, renderWithProviders, signIn } from '../../../test/utils';
import { getSession, setCredentials } from '../../../lib/auth-session';
import { getToasts } from '../../../lib/toast';
import { CreateUserForm } from './create-user-form';
import { UserManagement } from './user-management';

const messages = () => getToasts().map((t) => t.message);

const users = {
  users: [
    { _id: 'u-7', username: 'bob', firstname: 'Bob', lastname: 'B', email: 'bob@example.com', roles: ['User'], traderID: null, KYC: 'Pending', balance: '1250.50', blocked: false, pendingApprovals: [] },
    { _id: 'u-8', username: 'tina', firstname: 'Tina', lastname: 'T', email: 'tina@example.com', roles: ['User', 'Trader'], traderID: 4, KYC: 'Verified', balance: '0.00', blocked: false, pendingApprovals: [] },
  ],
  total: 2,
  page: 1,
  limit: 20,
};

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([u, i]) => String(u) === path && ((i as RequestInit).method ?? 'GET') === method)
    .map(([, i]) => JSON.parse(String((i as RequestInit).body)));
}

/** Confirms the open dialog with its confirm button (the dialog names the user and the effect). */
async function confirmDialog(title: RegExp | string, button: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

async function renderTable(routes: Record<string, unknown> = {}) {
  signIn({ roles: ['User', 'Admin'], username: 'root' });
  const fetchMock = mockFetch({ 'GET /api/user/get-all': users, 'GET /api/admin/approvals': { items: [], total: 0, page: 1, limit: 100 }, ...routes });
  renderWithProviders(<UserManagement />, '/admindashboard/usermanagement');
  await screen.findByRole('row', { name: 'User bob' });
  return fetchMock;
}

describe('admin user management table (seed §2/§5/§8)', () => {
  it('shows the columns without a password, Trader ID or "No traderID", KYC and balance', async () => {
    await renderTable();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['No.', 'Username', 'Email', 'Roles', 'Trader ID', 'KYC Status', 'Balance', 'Actions']);
    const bob = screen.getByRole('row', { name: 'User bob' });
    expect(within(bob).getByText('No traderID')).toBeInTheDocument();
    expect(within(bob).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'User tina' })).getByText('4')).toBeInTheDocument();
    expect(screen.queryByText(/password/i, { selector: 'th' })).toBeNull();
  });

  it('the balance adjustment box takes a sign, digits and up to 2 decimals (or empty); a reason box appears with it', async () => {
    await renderTable();
    const box = screen.getByLabelText('Balance adjustment for bob') as HTMLInputElement;
    expect(screen.queryByLabelText('Reason for the balance adjustment of bob')).toBeNull();
    await userEvent.type(box, '-12a.5-37');
    expect(box.value).toBe('-12.53');
    expect(screen.getByLabelText('Reason for the balance adjustment of bob')).toBeRequired();
    await userEvent.clear(box);
    expect(box.value).toBe('');
  });

  it("Update with nothing changed shows 'No changes to update' and sends nothing", async () => {
    const fetchMock = await renderTable();
    await userEvent.click(within(screen.getByRole('row', { name: 'User bob' })).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toContain('No changes to update'));
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/update')).toHaveLength(0);
  });

  it('Update sends only the changed fields: roles alone (PATCH), then a balance adjustment alone (its own route, after a confirmation)', async () => {
    const fetchMock = await renderTable({
      'PATCH /api/user/update': { changed: ['roles'], requested: [], user: {} },
      'POST /api/user/u-8/balance-adjustments': () => jsonResponse(202, { message: 'Balance adjustment requested: another admin must approve it' }),
    });
    const bob = screen.getByRole('row', { name: 'User bob' });
    await userEvent.click(within(bob).getByLabelText('Trader role for bob'));
    await userEvent.click(within(bob).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toContain('User updated successfully'));
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/update')).toEqual([{ userId: 'u-7', roles: ['User', 'Trader'] }]);

    const tina = screen.getByRole('row', { name: 'User tina' });
    await userEvent.type(within(tina).getByLabelText('Balance adjustment for tina'), '1,300.5');
    await userEvent.type(within(tina).getByLabelText('Reason for the balance adjustment of tina'), 'Bank transfer received');
    await userEvent.click(within(tina).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit $1,300.50 to tina?' });
    expect(dialog).toHaveTextContent('tina (tina@example.com): the cash balance goes from $0.00 to $1,300.50. Reason: “Bank transfer received”. Another admin must approve it');
    const path = '/api/user/u-8/balance-adjustments';
    expect(bodyOf(fetchMock, 'POST', path)).toHaveLength(0); // nothing sent before the confirmation
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit balance' }));
    await waitFor(() => expect(messages()).toContain('Balance adjustment sent for approval'));
    expect(bodyOf(fetchMock, 'POST', path)).toEqual([{ amount: '+1300.50', reason: 'Bank transfer received' }]);
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === path)![1] as RequestInit;
    expect((sent.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\x21-\x7E]{1,255}$/);
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/update')).toHaveLength(1); // the balance is not a PATCH field any more
  });

  it('four eyes: a row shows what waits for another admin; ticking Admin says the role waits for approval', async () => {
    const waiting = {
      ...users,
      users: [{ ...users.users[0], pendingApprovals: [{ id: 'r1', kind: 'admin_grant', amount: null }, { id: 'r2', kind: 'balance_adjustment', amount: '-25.50' }] }, users.users[1]],
    };
    signIn({ roles: ['User', 'Admin'], username: 'root' });
    const fetchMock = mockFetch({
      'GET /api/user/get-all': waiting,
      'GET /api/admin/approvals': { items: [], total: 0, page: 1, limit: 100 },
      'PATCH /api/user/update': { changed: [], requested: ['roles'], user: {} },
    });
    renderWithProviders(<UserManagement />, '/admindashboard/usermanagement');
    const bob = await screen.findByRole('row', { name: 'User bob' });
    expect(within(bob).getByText('Admin role awaiting approval')).toBeInTheDocument();
    expect(within(bob).getByText('-$25.50 awaiting approval')).toBeInTheDocument();
    const tina = screen.getByRole('row', { name: 'User tina' });
    await userEvent.click(within(tina).getByLabelText('Admin role for tina'));
    await userEvent.click(within(tina).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toContain("The Admin role waits for another admin's approval"));
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/update')).toEqual([{ userId: 'u-8', roles: ['User', 'Trader', 'Admin'] }]);
  });

  it('a debit names the effect; a missing reason or a result below zero is refused before anything is sent; a refusal keeps the dialog open with the server reason', async () => {
    const fetchMock = await renderTable({
      'POST /api/user/u-7/balance-adjustments': () => jsonResponse(409, { statusCode: 409, message: 'The adjustment would take the cash balance below zero', code: 'WALLET.INSUFFICIENT_FUNDS' }),
    });
    const bob = screen.getByRole('row', { name: 'User bob' });
    await userEvent.type(within(bob).getByLabelText('Balance adjustment for bob'), '-50.25');
    await userEvent.click(within(bob).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toContain('A reason is required for a balance adjustment'));
    await userEvent.type(within(bob).getByLabelText('Reason for the balance adjustment of bob'), 'Fee refund reversed');
    await userEvent.click(within(bob).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debit $50.25 from bob?' });
    expect(dialog).toHaveTextContent('bob (bob@example.com): the cash balance goes from $1,250.50 to $1,200.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Debit balance' }));
    await waitFor(() => expect(messages()).toContain('The adjustment would take the cash balance below zero'));
    expect(screen.getByRole('dialog', { name: 'Debit $50.25 from bob?' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/user/u-7/balance-adjustments')).toEqual([{ amount: '-50.25', reason: 'Fee refund reversed' }]);

    const tina = screen.getByRole('row', { name: 'User tina' });
    await userEvent.type(within(tina).getByLabelText('Balance adjustment for tina'), '-1');
    await userEvent.type(within(tina).getByLabelText('Reason for the balance adjustment of tina'), 'Too much');
    await userEvent.click(within(tina).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toContain('The balance of tina cannot go below $0.00'));
    expect(bodyOf(fetchMock, 'POST', '/api/user/u-8/balance-adjustments')).toHaveLength(0);
  });

  it('the KYC dropdown sends {userId, KYC}; a failing answer says "Sorry an error occured. Refresh!"', async () => {
    const fetchMock = await renderTable({ 'PATCH /api/user/update': () => jsonResponse(400, { statusCode: 400, message: 'bad' }) });
    await userEvent.selectOptions(screen.getByLabelText('KYC status of bob'), 'Verified');
    const dialog = await confirmDialog('Set the KYC status of bob to Verified?', 'Set Verified');
    expect(dialog).toHaveTextContent('bob (bob@example.com) goes from Pending to Verified');
    await waitFor(() => expect(messages()).toContain('Sorry an error occured. Refresh!'));
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/update')).toEqual([{ userId: 'u-7', KYC: 'Verified' }]);
  });

  it('block, delete and KYC successes use the seed messages', async () => {
    const fetchMock = await renderTable({ 'POST /api/user/block': { user: {} }, 'POST /api/user/delete': {}, 'PATCH /api/user/update': { changed: ['KYC'], requested: [] } });
    const bob = screen.getByRole('row', { name: 'User bob' });
    await userEvent.click(within(bob).getByRole('button', { name: 'Block' }));
    expect(bodyOf(fetchMock, 'POST', '/api/user/block')).toEqual([]); // asks first
    const block = await confirmDialog('Block bob?', 'Block');
    expect(block).toHaveTextContent('bob (bob@example.com) is signed out everywhere');
    await waitFor(() => expect(messages()).toContain('User blocked successfully'));
    expect(bodyOf(fetchMock, 'POST', '/api/user/block')).toEqual([{ userId: 'u-7', blocked: true }]);
    await userEvent.click(within(bob).getByRole('button', { name: 'Delete' }));
    await confirmDialog('Delete bob?', 'Delete');
    await waitFor(() => expect(messages()).toContain('User deleted successfully'));
    expect(bodyOf(fetchMock, 'POST', '/api/user/delete')).toEqual([{ userId: 'u-7' }]);
    await userEvent.selectOptions(screen.getByLabelText('KYC status of bob'), 'Unverified');
    await confirmDialog(/KYC status of bob/, 'Set Unverified');
    await waitFor(() => expect(messages()).toContain('KYC status updated successfully'));
  });

  it("a failing answer to Update says exactly 'Error updating user' (no server text), for a 4xx and a 5xx", async () => {
    let status = 400;
    await renderTable({ 'PATCH /api/user/update': () => jsonResponse(status, { statusCode: status, message: 'balance must be a decimal string' }) });
    const bob = screen.getByRole('row', { name: 'User bob' });
    await userEvent.click(within(bob).getByLabelText('Trader role for bob'));
    await userEvent.click(within(bob).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toEqual(['Error updating user']));
    status = 503;
    await userEvent.click(within(bob).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(messages()).toEqual(['Error updating user', 'Error updating user']));
  });

  it('a failing answer to block, delete or KYC (even a 409 with its own text) says exactly "Sorry an error occured. Refresh!"', async () => {
    const conflict = () => jsonResponse(409, { statusCode: 409, message: 'The user still has money or open copies' });
    await renderTable({ 'POST /api/user/block': conflict, 'POST /api/user/delete': conflict, 'PATCH /api/user/update': conflict });
    const bob = screen.getByRole('row', { name: 'User bob' });
    await userEvent.click(within(bob).getByRole('button', { name: 'Block' }));
    await confirmDialog('Block bob?', 'Block');
    await waitFor(() => expect(messages()).toHaveLength(1));
    await userEvent.click(within(bob).getByRole('button', { name: 'Delete' }));
    const del = await confirmDialog('Delete bob?', 'Delete');
    await waitFor(() => expect(messages()).toHaveLength(2));
    // a failed delete says why, in the dialog, beside the seed's toast
    expect(await within(del).findByRole('alert')).toHaveTextContent('The user still has money or open copies');
    await userEvent.click(within(del).getByRole('button', { name: 'Cancel' }));
    await userEvent.selectOptions(within(bob).getByLabelText('KYC status of bob'), 'Verified');
    await confirmDialog(/KYC status of bob/, 'Set Verified');
    await waitFor(() => expect(messages()).toHaveLength(3));
    expect(messages()).toEqual(['Sorry an error occured. Refresh!', 'Sorry an error occured. Refresh!', 'Sorry an error occured. Refresh!']);
  });

  it("thrown (network) errors on delete and KYC say 'Error deleting user' and 'Error updating KYC status'", async () => {
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderTable({ 'POST /api/user/delete': down, 'PATCH /api/user/update': down });
    const bob = screen.getByRole('row', { name: 'User bob' });
    await userEvent.click(within(bob).getByRole('button', { name: 'Delete' }));
    const del = await confirmDialog('Delete bob?', 'Delete');
    await waitFor(() => expect(messages()).toContain('Error deleting user'));
    await userEvent.click(within(del).getByRole('button', { name: 'Cancel' }));
    await userEvent.selectOptions(within(bob).getByLabelText('KYC status of bob'), 'Verified');
    await confirmDialog(/KYC status of bob/, 'Set Verified');
    await waitFor(() => expect(messages()).toContain('Error updating KYC status'));
  });

  it("a thrown (network) error on block says 'Error blocking user'", async () => {
    await renderTable({ 'POST /api/user/block': () => Promise.reject(new TypeError('Failed to fetch')) });
    await userEvent.click(within(screen.getByRole('row', { name: 'User bob' })).getByRole('button', { name: 'Block' }));
    await confirmDialog('Block bob?', 'Block');
    await waitFor(() => expect(messages()).toContain('Error blocking user'));
  });

  it("'log in as' impersonates, toasts 'Login Successful' and lands on the user's dashboard with a banner; 'End' restores the admin", async () => {
    const bobToken = makeToken({ userId: 'u-7', username: 'bob' }, { imp: 'admin-1' });
    const rootToken = makeToken({ roles: ['User', 'Admin'], username: 'root' });
    signIn({ roles: ['User', 'Admin'], username: 'root' });
    const fetchMock = mockFetch({
      'GET /api/user/get-all': users,
      'POST /api/admin/impersonate': { accessToken: bobToken },
      'GET /api/auth/refresh': { accessToken: rootToken },
      'GET /api/wallet': { balance: '1250.50', tradingBalance: '0.00', held: '0.00', transactions: [] },
      'GET /api/copies': [],
      'GET /api/notifications': { items: [], total: 0, page: 1, limit: 20, unread: 0 },
    });
    renderApp('/admindashboard/usermanagement');
    await screen.findByRole('row', { name: 'User bob' });
    await userEvent.click(within(screen.getByRole('row', { name: 'User bob' })).getByRole('button', { name: 'Log in as' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/userdashboard$/));
    expect(messages()).toContain('Login Successful');
    expect(getSession().username).toBe('bob');
    expect(getSession().impersonated).toBe(true);
    expect(bodyOf(fetchMock, 'POST', '/api/admin/impersonate')).toEqual([{ userId: 'u-7' }]);
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('Viewing as bob — read-only');
    await userEvent.click(within(banner).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admindashboard/usermanagement'));
    expect(getSession().username).toBe('root');
    expect(getSession().impersonated).toBe(false);
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
    // the admin's session was not logged out
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/auth/logout'))).toBe(false);
  });

  it('logging out while impersonating ends only the impersonation (no auth/logout)', async () => {
    const rootToken = makeToken({ roles: ['User', 'Admin'], username: 'root' });
    signIn({ userId: 'u-7', username: 'bob' });
    setCredentials({ accessToken: makeToken({ userId: 'u-7', username: 'bob' }, { imp: 'admin-1' }) });
    const fetchMock = mockFetch({ 'GET /api/auth/refresh': { accessToken: rootToken }, 'GET /api/user/get-all': users, 'POST /api/auth/logout': {} });
    renderApp('/aboutus');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(getSession().username).toBe('root'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admindashboard/usermanagement'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/auth/logout'))).toBe(false);
  });

  it.each([
    [401, 'Invalid email or password'],
    [429, 'Too many login attempts'],
    [402, 'You have not verified your email'],
    [500, 'Something went wrong'],
  ])("'log in as' failing with %i says '%s'", async (status, message) => {
    await renderTable({ 'POST /api/admin/impersonate': () => jsonResponse(status, { statusCode: status, message: 'x' }) });
    await userEvent.click(within(screen.getByRole('row', { name: 'User bob' })).getByRole('button', { name: 'Log in as' }));
    await waitFor(() => expect(messages()).toContain(message));
  });

  it("'Error fetching users' when the list fails", async () => {
    signIn({ roles: ['User', 'Admin'] });
    mockFetch({ 'GET /api/user/get-all': () => jsonResponse(500, { statusCode: 500, message: 'down' }) });
    renderWithProviders(<UserManagement />);
    await waitFor(() => expect(messages()).toContain('Error fetching users'));
  });
});

describe('Create User form (seed §5)', () => {
  async function fill(except?: string) {
    const values: Record<string, string> = { Username: 'neo', 'First name': 'Thomas', 'Last name': 'Anderson', Email: 'neo@example.com', Password: 'followthewhiterabbit' };
    for (const [label, value] of Object.entries(values)) if (label !== except) await userEvent.type(screen.getByLabelText(label, { exact: true }), value);
  }

  it('the submit looks active only when all five fields are filled', async () => {
    signIn({ roles: ['User', 'Admin'] });
    mockFetch({});
    renderWithProviders(<CreateUserForm />);
    const submit = screen.getByRole('button', { name: 'Create user' });
    expect(submit).toBeDisabled();
    await fill('Password');
    expect(submit).toBeDisabled();
    expect(submit).toHaveClass('is-inactive');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'followthewhiterabbit');
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveClass('is-inactive');
  });

  it('sends roles that always include User, plus the ticked Trader/Admin', async () => {
    signIn({ roles: ['User', 'Admin'] });
    const fetchMock = mockFetch({ 'POST /api/user/create': () => jsonResponse(201, { user: {} }) });
    renderWithProviders(<CreateUserForm />);
    expect(screen.getByRole('checkbox', { name: 'User' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'User' })).toBeDisabled();
    await fill();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trader' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(messages()).toContain('User created successfully'));
    expect(bodyOf(fetchMock, 'POST', '/api/user/create')).toEqual([
      { username: 'neo', firstname: 'Thomas', lastname: 'Anderson', email: 'neo@example.com', password: 'followthewhiterabbit', roles: ['User', 'Trader'] },
    ]);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });

  it('checks every field by CreateUserRequestDto before anything is sent', async () => {
    signIn({ roles: ['User', 'Admin'] });
    const fetchMock = mockFetch({ 'POST /api/user/create': () => jsonResponse(201, { user: {} }) });
    renderWithProviders(<CreateUserForm />);
    await fill('Username');
    await userEvent.type(screen.getByLabelText('Username'), 'n!');
    await userEvent.clear(screen.getByLabelText('Password', { exact: true }));
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Use 3–32 letters, digits, dots, dashes or underscores')).toBeInTheDocument();
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription('Use at least 8 characters');
    expect(bodyOf(fetchMock, 'POST', '/api/user/create')).toEqual([]);
  });

  it("shows per-field errors from a 400 and toasts 'Error creating user'", async () => {
    signIn({ roles: ['User', 'Admin'] });
    mockFetch({ 'POST /api/user/create': () => jsonResponse(409, { statusCode: 409, message: 'Email already registered', errors: { email: ['Email already registered'] } }) });
    renderWithProviders(<CreateUserForm />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(messages()).toContain('Error creating user'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email already registered');
  });
});
