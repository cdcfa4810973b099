import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp, signIn } from '../../../test/utils';

describe('user dashboard overview', () => {
  it('shows balances, copies with PnL and the mean divergence of their closed trades, and notifications', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({
      'GET /api/wallet': { balance: '400.00', tradingBalance: '100.00', held: '0.00', transactions: [] },
      'GET /api/copies': [
        { id: 'c-1', traderId: 7, traderName: 'Jonas Lindqvist', status: 'active', invested: '100.00', equity: '104.20', freeEquity: '104.20', pnl: '4.20', feesPaid: '0.00', openPositions: 0 },
        { id: 'c-2', traderId: 8, traderName: 'Mia Chen', status: 'paused', invested: '50.00', equity: '49.00', freeEquity: '49.00', pnl: '-1.00', feesPaid: '0.00', openPositions: 0 },
      ],
      'GET /api/trades': {
        items: [
          { id: 'p1', copyId: 'c-1', status: 'closed', divergencePct: -0.02 },
          { id: 'p2', copyId: 'c-1', status: 'closed', divergencePct: -0.04 },
        ],
        total: 2,
        page: 1,
        limit: 100,
      },
      'GET /api/notifications': { items: [{ id: 'n1', type: 'copy', title: 'You now copy Jonas Lindqvist', body: '', read: false, createdAt: '2026-11-23T02:31:00Z' }], total: 1, unread: 1, page: 1, limit: 10 },
    });
    renderApp('/userdashboard');
    const table = await screen.findByRole('table', { name: 'My copies' });
    const jonas = within(table).getByRole('link', { name: 'Jonas Lindqvist' }).closest('tr')!;
    expect(within(jonas).getByText('+$4.20')).toBeInTheDocument();
    expect(await within(jonas).findByText('-0.03%')).toBeInTheDocument();
    const mia = within(table).getByRole('link', { name: 'Mia Chen' }).closest('tr')!;
    expect(within(mia).getByText('-$1.00')).toBeInTheDocument();
    expect(within(mia).getByText('—')).toBeInTheDocument();
    expect(within(mia).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('$400.00');
    expect(screen.getByText('You now copy Jonas Lindqvist')).toBeInTheDocument();
  });
});
