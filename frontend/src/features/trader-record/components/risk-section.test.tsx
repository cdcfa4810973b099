import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { RiskSection } from './risk-section';

// The chart is setup.ts's stand-in (jsdom has no canvas): it shows the points it was given.
const history = (last: number) => Array.from({ length: 90 }, (_, i) => ({ date: new Date(Date.UTC(2026, 7, 30 + i)).toISOString().slice(0, 10), score: i === 89 ? last : 3 }));

describe('the risk score explained on the trader page', () => {
  it('the open trades set it: the score, both components in words, and the 90-day history', async () => {
    mockFetch({
      'GET /api/traders/7/risk': () =>
        jsonResponse(200, { score: 8, components: [{ name: 'history', value: 0.9, weight: 0 }, { name: 'open', value: 2.58, weight: 1 }], history: history(8) }),
    });
    renderWithProviders(<RiskSection traderId="7" traderName="Nora Quinn" />);
    expect(await screen.findByTestId('risk-score-value')).toHaveTextContent('8/10');
    const words = screen.getByTestId('risk-explanation');
    expect(words).toHaveTextContent("From the last 30 days' results: 0.90% of the equity.");
    expect(words).toHaveTextContent('2.58%');
    expect(words).toHaveTextContent('Today the open trades set the score: on a bad day, they alone could cost a copier about 2.58%.');
    const chart = await screen.findByRole('figure', { name: 'Nora Quinn: risk score, last 90 days' });
    expect(chart).toHaveAttribute('data-points', '90');
    expect(chart).toHaveAttribute('data-last', '8');
  });

  it('recent results set it; nothing at all is the calmest', async () => {
    mockFetch({
      'GET /api/traders/7/risk': () => jsonResponse(200, { score: 7, components: [{ name: 'history', value: 1.65, weight: 1 }, { name: 'open', value: 0, weight: 0 }], history: history(7) }),
      'GET /api/traders/8/risk': () => jsonResponse(200, { score: 1, components: [{ name: 'history', value: 0, weight: 1 }, { name: 'open', value: 0, weight: 0 }], history: history(1) }),
    });
    renderWithProviders(<RiskSection traderId="7" traderName="A" />);
    expect(await screen.findByText('Today the recent results set the score: on a bad day, a copier could lose about 1.65%.')).toBeInTheDocument();
    renderWithProviders(<RiskSection traderId="8" traderName="B" />);
    expect(await screen.findByText("Both estimates are below 0.01% of a copier's equity: the calmest score.")).toBeInTheDocument();
  });
});
