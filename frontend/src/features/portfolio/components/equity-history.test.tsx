import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { EquityHistory } from './equity-history';

const WALLET = { balance: '1200.00', tradingBalance: '300.00', liveTradingBalance: '312.34', held: '10.00', transactions: [] };

describe('overview portfolio chart', () => {
  it('shows the time-weighted return by default: a first deposit with no trade is 0.00 % flat, not a jump', async () => {
    signIn({ roles: ['User'] });
    mockFetch({
      'GET /api/wallet/equity': {
        items: [
          { date: '2026-11-21', equity: '0.00', flow: '0.00', returnPct: 0 },
          { date: '2026-11-22', equity: '1000.00', flow: '1000.00', returnPct: 0 },
          { date: '2026-11-23', equity: '1000.00', flow: '0.00', returnPct: 0 },
        ],
      },
      'GET /api/wallet': { ...WALLET, balance: '1000.00', tradingBalance: '0.00', liveTradingBalance: '0.00', held: '0.00' },
    });
    renderWithProviders(<EquityHistory />);
    expect(await screen.findByRole('heading', { name: 'Performance, last 90 days' })).toBeInTheDocument();
    const chart = await screen.findByRole('figure', { name: 'Your time-weighted return, last 90 days' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAttribute('data-unit', '%');
    expect(chart).toHaveAttribute('data-last', '0');
    expect(screen.getByRole('button', { name: 'Return %' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('twr')).toHaveTextContent('Time-weighted return: 0.00%');
    const table = screen.getByRole('table', { name: 'Your time-weighted return, last 90 days' });
    expect(table).toHaveTextContent('2026-11-220.00%');
  });

  it('the Equity view: a point a day, today at the live total, a marker on each deposit and withdrawal', async () => {
    signIn({ roles: ['User'] });
    mockFetch({
      'GET /api/wallet/equity': {
        items: [
          { date: '2026-11-21', equity: '1000.00', flow: '1000.00', returnPct: 0 },
          { date: '2026-11-22', equity: '1550.00', flow: '500.00', returnPct: 5 },
          { date: '2026-11-23', equity: '1500.00', flow: '-50.00', returnPct: 5 },
        ],
      },
      'GET /api/wallet': WALLET,
    });
    renderWithProviders(<EquityHistory />);
    await screen.findByRole('figure', { name: 'Your time-weighted return, last 90 days' });
    expect(screen.getByTestId('twr')).toHaveTextContent('Time-weighted return: +5.00%');
    await userEvent.click(screen.getByRole('button', { name: 'Equity' }));
    const chart = await screen.findByRole('figure', { name: 'Your equity, last 90 days' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAttribute('data-prefix', '$');
    expect(chart).toHaveAttribute('data-last', '1522.34');
    expect(chart).toHaveAttribute('data-markers', 'Deposit|Deposit|Withdrawal');
    const table = screen.getByRole('table', { name: 'Your equity, last 90 days' });
    expect(table).toHaveTextContent('2026-11-21 (Deposit $1,000.00)$1,000.00');
    expect(table).toHaveTextContent('2026-11-23 (Withdrawal $50.00)$1,522.34');
  });
});
