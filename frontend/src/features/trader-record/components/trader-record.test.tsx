import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { TraderRecordSection } from './trader-record';

const hash = (c: string) => c.repeat(64);

describe('the verifiable record on the trader page', () => {
  it('shows the newest head: links on the record, the hash, whether the day has ended, and how to check it', async () => {
    mockFetch({
      'GET /api/traders/7/record/heads': () =>
        jsonResponse(200, { items: [{ date: '2026-11-26', seq: 3, hash: hash('a'), final: true }, { date: '2026-11-27', seq: 5, hash: hash('b'), final: false }] }),
    });
    renderWithProviders(<TraderRecordSection traderId="7" />);
    expect(await screen.findByTestId('record-head')).toHaveTextContent(hash('b'));
    expect(screen.getByTestId('record-seq')).toHaveTextContent('5');
    expect(screen.getByText('Head today, so far')).toBeInTheDocument();
    expect(screen.getByTestId('trader-record')).toHaveTextContent('/api/traders/7/record/heads');
  });

  it('a final head names its day; an empty record says so', async () => {
    mockFetch({ 'GET /api/traders/7/record/heads': () => jsonResponse(200, { items: [{ date: '2026-11-26', seq: 3, hash: hash('c'), final: true }] }) });
    renderWithProviders(<TraderRecordSection traderId="7" />);
    expect(await screen.findByText('Head at the end of Nov 26, 2026 (UTC)')).toBeInTheDocument();
    mockFetch({ 'GET /api/traders/8/record/heads': () => jsonResponse(200, { items: [] }) });
    renderWithProviders(<TraderRecordSection traderId="8" />);
    expect(await screen.findByText('No trade has closed on the record yet.')).toBeInTheDocument();
  });
});
