import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '../../../test/utils';

const top = {
  id: 7,
  name: 'Nora Quinn',
  description: '',
  traderType: 'Swing Trader',
  image: null,
  share: 20,
  tradingAccuracy: 61.4,
  roi30d: 3.21,
  maxDrawdown: 1.5,
  closedTrades: 30,
  followers: 4,
  newTrader: false,
  dayLabels: ['11-25', '11-26', '11-27'],
  dailyPnls: [0.5, -0.25, 1],
  equityCurve30d: [],
};

describe('the home page hero card: only what the product computed (product.md §12.6)', () => {
  it('shows the trader with the best 30-day ROI from GET traders/, linked to their page', async () => {
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [top], total: 1, page: 1, limit: 1 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/');
    const card = await screen.findByTestId('hero-top-trader');
    expect(card).toHaveAttribute('href', '/traderinfo/7');
    expect(card).toHaveTextContent('Nora Quinn');
    expect(card).toHaveTextContent('+3.21%');
    expect(card).toHaveTextContent('61%');
    expect(card.querySelectorAll('.hero__bars span')).toHaveLength(3);
    expect(card.querySelectorAll('.hero__bars span.neg')).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/traders?sort=roi&page=1&limit=1');
    expect(document.body).not.toHaveTextContent('12.40');
  });

  it('shows no statistic at all when there is no trader yet (or only new ones)', async () => {
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [], total: 0, page: 1, limit: 1 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/');
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/traders?sort=roi&page=1&limit=1'));
    expect(screen.getByRole('heading', { name: 'Mirrorline', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('hero-top-trader')).toBeNull();
    expect(screen.queryByText('Top trader, 30 days')).toBeNull();
  });
});
