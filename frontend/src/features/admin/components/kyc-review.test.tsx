import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { getToasts } from '../../../lib/toast';
import { KycReview } from './kyc-review';

const submissions = {
  submissions: [
    {
      id: 's-1', userId: 'u-7', username: 'bob', email: 'bob@example.com', documentType: 'passport', documentNumber: 'X1234567', status: 'Pending',
      files: { front: { contentType: 'image/png', size: 10, url: '/api/admin/kyc/s-1/files/front' } }, createdAt: '2026-11-23T00:00:00Z',
    },
  ],
  total: 1,
  page: 1,
  limit: 10,
};

describe('admin KYC review', () => {
  it('lists pending submissions and verifies one through user/update {userId, KYC}', async () => {
    signIn({ roles: ['User', 'Admin'] });
    const fetchMock = mockFetch({ 'GET /api/admin/kyc': submissions, 'PATCH /api/user/update': { user: {} } });
    renderWithProviders(<KycReview />);
    const row = await screen.findByRole('row', { name: 'KYC submission of bob' });
    expect(within(row).getByText('Passport')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/admin/kyc?status=Pending&page=1&limit=10');
    await userEvent.click(within(row).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('KYC status updated successfully'));
    const patch = fetchMock.mock.calls.find(([u, i]) => u === '/api/user/update' && (i as RequestInit).method === 'PATCH')!;
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ userId: 'u-7', KYC: 'Verified' });
  });

  it('opens a document fetched with the bearer token, not a bare link', async () => {
    const token = signIn({ roles: ['User', 'Admin'] });
    const fetchMock = mockFetch({
      'GET /api/admin/kyc': submissions,
      'GET /api/admin/kyc/s-1/files/front': () => new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:doc');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<KycReview />);
    await userEvent.click(await screen.findByRole('button', { name: 'View front' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc'));
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/admin/kyc/s-1/files/front')!;
    expect(((call[1] as RequestInit).headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });
});
