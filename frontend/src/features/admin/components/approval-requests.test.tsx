import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { getToasts } from '../../../lib/toast';
import { ApprovalRequests } from './approval-requests';

const messages = () => getToasts().map((t) => t.message);

const request = (id: string, over: Record<string, unknown>) => ({
  id,
  kind: 'balance_adjustment',
  status: 'pending',
  amount: '1000.00',
  reason: 'Goodwill',
  target: { _id: 'u-target', username: 'tina', email: 'tina@example.com' },
  requestedBy: 'u-other',
  requestedByUsername: 'other_admin',
  decidedBy: null,
  decidedByUsername: null,
  createdAt: '2026-11-27T10:00:00Z',
  decidedAt: null,
  ledgerTransactionId: null,
  ...over,
});

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, limit: 100 });
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, i]) => (i as RequestInit).method === 'POST')
    .map(([u, i]) => ({ url: String(u), key: ((i as RequestInit).headers as Record<string, string> | undefined)?.['Idempotency-Key'] }));

/** Four eyes (product.md §11.4, issue 26): the pending-approvals list of the admin's user management screen. */
describe('Waiting for a second admin', () => {
  it('lists each request in words; approving asks first and sends an Idempotency-Key', async () => {
    signIn({ roles: ['User', 'Admin'], userId: 'u-me', username: 'me' });
    const fetchMock = mockFetch({
      'GET /api/admin/approvals': page([request('r1', {}), request('r2', { kind: 'admin_grant', amount: null, reason: null }), request('r3', { amount: '-5.50', reason: 'Fee' })]),
      'POST /api/admin/approvals/r1/approve': () => jsonResponse(200, { message: 'Request approved', request: request('r1', { status: 'approved' }) }),
      'POST /api/admin/approvals/r2/reject': () => jsonResponse(200, { message: 'Request rejected', request: request('r2', { status: 'rejected' }) }),
    });
    renderWithProviders(<ApprovalRequests />);
    const table = await screen.findByRole('table', { name: 'Approval requests' });
    expect(screen.getByRole('heading', { name: 'Waiting for a second admin (3)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Credit $1,000.00 to tina' })).toHaveTextContent('other_admin');
    expect(within(table).getByRole('row', { name: 'Admin role for tina' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Debit $5.50 from tina' })).toHaveTextContent('Fee');

    await userEvent.click(within(within(table).getByRole('row', { name: 'Credit $1,000.00 to tina' })).getByRole('button', { name: 'Approve' }));
    expect(posts(fetchMock)).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: 'Approve: Credit $1,000.00 to tina?' });
    expect(dialog).toHaveTextContent('The cash balance of tina (tina@example.com) changes by +$1,000.00, asked by other_admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(messages()).toContain('Request approved'));
    await userEvent.click(within(within(table).getByRole('row', { name: 'Admin role for tina' })).getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Reject: Admin role for tina?' })).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(messages()).toContain('Request rejected'));
    const sent = posts(fetchMock);
    expect(sent.map((p) => p.url)).toEqual(['/api/admin/approvals/r1/approve', '/api/admin/approvals/r2/reject']);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the admin who asked, and the user it benefits, cannot approve (and are told why); both may reject', async () => {
    signIn({ roles: ['User', 'Admin'], userId: 'u-me', username: 'me' });
    mockFetch({
      'GET /api/admin/approvals': page([
        request('mine', { requestedBy: 'u-me', requestedByUsername: 'me' }),
        request('for-me', { target: { _id: 'u-me', username: 'me', email: 'me@example.com' }, amount: '1000.00' }),
      ]),
    });
    renderWithProviders(<ApprovalRequests />);
    const table = await screen.findByRole('table', { name: 'Approval requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    const [mine, forMe] = rows;
    expect(within(mine).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(mine).toHaveTextContent('You asked for this: another admin approves it');
    expect(within(forMe).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(forMe).toHaveTextContent('This is for you: another admin approves it');
    for (const row of rows) expect(within(row).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('a refusal keeps the dialog open with the server reason', async () => {
    signIn({ roles: ['User', 'Admin'], userId: 'u-me' });
    mockFetch({
      'GET /api/admin/approvals': page([request('r1', {})]),
      'POST /api/admin/approvals/r1/approve': () => jsonResponse(409, { statusCode: 409, message: 'The adjustment would take the cash balance below zero', code: 'WALLET.INSUFFICIENT_FUNDS' }),
    });
    renderWithProviders(<ApprovalRequests />);
    await userEvent.click(within(await screen.findByRole('row', { name: 'Credit $1,000.00 to tina' })).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Approve: Credit $1,000.00 to tina?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(messages()).toContain('The adjustment would take the cash balance below zero'));
    expect(screen.getByRole('dialog', { name: 'Approve: Credit $1,000.00 to tina?' })).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    signIn({ roles: ['User', 'Admin'] });
    mockFetch({ 'GET /api/admin/approvals': page([]) });
    renderWithProviders(<ApprovalRequests />);
    expect(await screen.findByText('Nothing waits for approval')).toBeInTheDocument();
  });
});
