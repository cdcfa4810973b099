import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { EquityHistory } from './equity-history';

describe('overview equity chart', () => {
  it('a point a day from wallet/equity, today at the live total (cash + held + live copy equity), values for screen readers', async () => {
    signIn({ roles: ['User'] });
    mockFetch({
      'GET /api/wallet/equity': {
        items: [
          { date: '2026-11-21', equity: '1000.00' },
          { date: '2026-11-22', equity: '1500.00' },
          { date: '2026-11-23', equity: '1500.00' },
        ],
      },
      'GET /api/wallet': { balance: '1200.00', tradingBalance: '300.00', liveTradingBalance: '312.34', held: '10.00', transactions: [] },
    });
    renderWithProviders(<EquityHistory />);
    expect(await screen.findByRole('heading', { name: 'Equity, last 90 days' })).toBeInTheDocument();
    const chart = await screen.findByRole('figure', { name: 'Your equity, last 90 days' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAttribute('data-prefix', '$');
    expect(chart).toHaveAttribute('data-last', '1522.34');
    const table = screen.getByRole('table', { name: 'Your equity, last 90 days' });
    expect(table).toHaveTextContent('2026-11-21$1,000.00');
    expect(table).toHaveTextContent('2026-11-23$1,522.34');
  });
});
