import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { getToasts } from '../../../lib/toast';
import { TraderProfileSection } from './trader-profile-form';

const profile = { id: 3, name: 'Nora Quinn', description: 'd', traderType: 'SMC Trader', strategySummary: 's', strategyExplanation: 'e', share: 20, minCopyAmount: '10.00', maxCopiers: 100000 };

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
    await userEvent.clear(screen.getByLabelText('Display name'));
    await userEvent.type(screen.getByLabelText('Display name'), ' N ');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Enter a whole percentage from 0 to 50')).toBeInTheDocument();
    // UpdateTraderProfileDto's name length, in ruleMessage's words (the name is trimmed first)
    expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription('Use at least 2 characters');
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/traders/me')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Display name'));
    await userEvent.type(screen.getByLabelText('Display name'), 'Nora Quinn ');
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.selectOptions(screen.getByLabelText('Trader type'), 'Scalper');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Trader profile updated'));
    const patch = fetchMock.mock.calls.find(([u]) => u === '/api/traders/me')!;
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ share: 25, traderType: 'Scalper' });
  });

  it('copy settings: the minimum copy (≥ 10.00) and the maximum copiers go to PATCH trader/settings, only what changed', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({ 'GET /api/traders/3': profile, 'PATCH /api/trader/settings': { minCopyAmount: '50.00', maxCopiers: 100000, copiers: 0, full: false } });
    renderWithProviders(<TraderProfileSection />);
    const minimum = await screen.findByLabelText('Minimum copy (USD)');
    const maximum = screen.getByLabelText('Maximum copiers');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '9.99');
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save copy settings' }));
    expect(screen.getByText('The minimum is $10.00')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 1000000')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/trader/settings')).toBe(false);
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '50');
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '100000');
    await userEvent.click(screen.getByRole('button', { name: 'Save copy settings' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Copy settings updated'));
    const patch = fetchMock.mock.calls.find(([u]) => u === '/api/trader/settings')!;
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ minCopyAmount: '50.00' });
  });
});
