import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { getToasts } from '../../../lib/toast';
import { TraderProfileSection } from './trader-profile-form';

const profile = { id: 3, name: 'Nora Quinn', description: 'd', traderType: 'SMC Trader', strategySummary: 's', strategyExplanation: 'e', share: 20 };

describe('trader profile (PATCH traders/me)', () => {
  it('is hidden for plain users', () => {
    signIn({ roles: ['User'] });
    mockFetch({});
    renderWithProviders(<TraderProfileSection />);
    expect(screen.queryByRole('heading', { name: 'Trader profile' })).not.toBeInTheDocument();
  });

  it('sends only the changed fields and checks the 0–50 % share', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({ 'GET /api/traders/3': profile, 'PATCH /api/traders/me': {} });
    renderWithProviders(<TraderProfileSection />);
    const share = await screen.findByLabelText('Profit share %');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(getToasts().map((t) => t.message)).toContain('No changes to update');
    await userEvent.clear(share);
    await userEvent.type(share, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Enter a whole percentage from 0 to 50')).toBeInTheDocument();
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.selectOptions(screen.getByLabelText('Trader type'), 'Scalper');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Trader profile updated'));
    const patch = fetchMock.mock.calls.find(([u]) => u === '/api/traders/me')!;
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ share: 25, traderType: 'Scalper' });
  });
});
