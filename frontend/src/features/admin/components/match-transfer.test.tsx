import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { getToasts } from '../../../lib/toast';
import { MatchTransferForm } from './match-transfer';

const holder = { reference: 'ML-7KQ2-9XF4', userId: 'u-1', username: 'tina', email: 'tina@example.com', kycStatus: 'Verified', blocked: false, deleted: false };
const matched = {
  transaction: { id: 't-1', userId: 'u-1', type: 'deposit', amount: '250.50', destination: null, status: 'Approved', createdAt: '2026-11-28T10:00:00Z', decidedAt: '2026-11-28T10:00:00Z', decidedBy: 'u-me', note: 'Bank transfer BNK-1, reference ML-7KQ2-9XF4' },
  user: holder,
};

async function fill(form: HTMLElement, values: { reference: string; amount: string; bankTxId: string }) {
  await userEvent.type(within(form).getByLabelText('Reference'), values.reference);
  await userEvent.type(within(form).getByLabelText('Amount received'), values.amount);
  await userEvent.type(within(form).getByLabelText('Bank transaction id'), values.bankTxId);
  await userEvent.click(within(form).getByRole('button', { name: 'Review' }));
}

/** "Match a transfer" (product.md §12.6): reference → the user, confirm → one credit with an Idempotency-Key. */
describe('Match a transfer', () => {
  it('shows whose reference it is, the amount and the bank id, and credits only after the confirmation', async () => {
    signIn({ roles: ['User', 'Admin'], userId: 'u-me', username: 'me' });
    const fetchMock = mockFetch({
      'GET /api/admin/deposit-references/ml%207kq2%209xf4': holder,
      'POST /api/admin/bank-transfers': () => jsonResponse(201, matched),
    });
    renderWithProviders(<MatchTransferForm />);
    const form = screen.getByRole('form', { name: 'Match a transfer' });
    await fill(form, { reference: 'ml 7kq2 9xf4', amount: '250.5', bankTxId: ' BNK-1 ' });
    const dialog = await screen.findByRole('dialog', { name: 'Credit $250.50 to tina?' });
    for (const text of ['tina (tina@example.com)', 'Verified', 'ML-7KQ2-9XF4', '$250.50', 'BNK-1']) expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, i]) => (i as RequestInit).method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit transfer' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('$250.50 credited to tina'));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit).method === 'POST')!;
    expect(String(url)).toBe('/api/admin/bank-transfers');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ reference: 'ML-7KQ2-9XF4', amount: '250.50', bankTxId: 'BNK-1' });
    expect(((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{8,}/);
    expect(within(form).getByLabelText('Reference')).toHaveValue('');
  });

  it('checks the fields first, then says when nobody has the reference, and shows a refusal in the dialog', async () => {
    signIn({ roles: ['User', 'Admin'], userId: 'u-me', username: 'me' });
    const fetchMock = mockFetch({
      'GET /api/admin/deposit-references/ML-2222-2222': () => jsonResponse(404, { statusCode: 404, code: 'WALLET.REFERENCE_NOT_FOUND', message: 'No user has this deposit reference' }),
      'GET /api/admin/deposit-references/ML-7KQ2-9XF4': holder,
      'POST /api/admin/bank-transfers': () =>
        jsonResponse(409, { statusCode: 409, code: 'WALLET.TRANSFER_ALREADY_MATCHED', message: 'Bank transaction BNK-1 was already matched: nothing was credited' }),
    });
    renderWithProviders(<MatchTransferForm />);
    const form = screen.getByRole('form', { name: 'Match a transfer' });
    await userEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(within(form).getByText('Enter the reference shown on the transfer')).toBeInTheDocument();
    expect(within(form).getByText('Enter the bank’s transaction id')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await fill(form, { reference: 'ML-2222-2222', amount: '10', bankTxId: 'BNK-1' });
    expect(await within(form).findByText('No user has this deposit reference')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.clear(within(form).getByLabelText('Reference'));
    await userEvent.type(within(form).getByLabelText('Reference'), 'ML-7KQ2-9XF4');
    await userEvent.click(within(form).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit $10.00 to tina?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit transfer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bank transaction BNK-1 was already matched: nothing was credited');
  });
});
