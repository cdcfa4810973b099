import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, renderWithProviders, signIn } from '../../../test/utils';
import { OnboardingChecklist } from './checklist';

const wallet = (over: Record<string, unknown> = {}) => ({ balance: '0.00', tradingBalance: '0.00', liveTradingBalance: '0.00', held: '0.00', transactions: [], ...over });

describe('onboarding checklist and first visit', () => {
  it('shows the steps with the next one linked, until every step is done', async () => {
    signIn({ kycverified: true });
    mockFetch({ 'GET /api/wallet': wallet(), 'GET /api/copies': [] });
    const { unmount } = renderWithProviders(<OnboardingChecklist />);
    const list = await screen.findByRole('list', { name: 'Getting started steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '✓ Verify your email (done)',
      '✓ Verify your identity (KYC) (done)',
      '○ Deposit funds (to do) — Deposit',
      '○ Copy a trader (to do)',
    ]);
    expect(within(list).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/userdashboard/wallet');
    unmount();

    mockFetch({ 'GET /api/wallet': wallet({ balance: '10.00' }), 'GET /api/copies': [{ id: 'c1' }] });
    renderWithProviders(<OnboardingChecklist />);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('heading', { name: 'Get started' })).toBeNull();
  });

  it('the first visit says "Welcome", the next one "Welcome back"', async () => {
    signIn({ userId: 'u-first', username: 'fresh' });
    mockFetch({ 'GET /api/wallet': wallet(), 'GET /api/copies': [] });
    const first = renderApp('/userdashboard');
    expect(await screen.findByRole('heading', { name: /^Welcome, / })).toBeInTheDocument();
    first.unmount();
    renderApp('/userdashboard');
    expect(await screen.findByRole('heading', { name: /^Welcome back, / })).toBeInTheDocument();
  });
});
