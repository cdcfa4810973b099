import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import useSWR from 'swr';
import { AppProviders } from '../../app/providers';
import { errorMessage } from '../../lib/api-client';
import { jsonResponse, mockFetch } from '../../test/utils';
import { ConnectionBanner } from './connection-banner';

function Reader() {
  const { data, error } = useSWR<{ name: string }>('/api/things');
  return <p data-testid="reader">{error ? `error: ${errorMessage(error)}` : (data?.name ?? 'loading')}</p>;
}

function Page({ lost }: { lost: boolean }) {
  return (
    <MemoryRouter>
      <ConnectionBanner lost={lost} />
      <Reader />
    </MemoryRouter>
  );
}

describe('ConnectionBanner', () => {
  it('says live data is lost in a live region that is always there, says it is back, and asks again what failed meanwhile', async () => {
    let up = false;
    const fetch = mockFetch({ 'GET /api/things': () => (up ? jsonResponse(200, { name: 'fresh' }) : jsonResponse(404, { statusCode: 404, message: 'Gone for now' })) });
    const cache = new Map();
    const { rerender } = render(
      <AppProviders cache={cache}>
        <Page lost={false} />
      </AppProviders>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    expect(await screen.findByText('error: Gone for now')).toBeInTheDocument();

    rerender(
      <AppProviders cache={cache}>
        <Page lost />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Live data lost: reconnecting…');
    const calls = fetch.mock.calls.length;

    up = true;
    rerender(
      <AppProviders cache={cache}>
        <Page lost={false} />
      </AppProviders>,
    );
    expect(region).toHaveTextContent('Live data is back.');
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(fetch.mock.calls.length).toBe(calls + 1);
  });

  it('the note that data is back goes away by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({ 'GET /api/things': { name: 'x' } });
    const { rerender } = render(
      <AppProviders cache={new Map()}>
        <Page lost />
      </AppProviders>,
    );
    rerender(
      <AppProviders cache={new Map()}>
        <Page lost={false} />
      </AppProviders>,
    );
    expect(screen.getByTestId('connection-back')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(4_100));
    expect(screen.queryByTestId('connection-back')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
