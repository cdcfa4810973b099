import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { FollowersPage } from '../../features/followers/components/followers-page';
import { AsyncBlock } from './states';

function block(props: { data: string[] | undefined; error: unknown; onRetry?: () => void }) {
  return render(
    <MemoryRouter>
      <AsyncBlock data={props.data} error={props.error} isLoading={false} onRetry={props.onRetry} isEmpty={(d) => d.length === 0}>
        {(d) => <ul aria-label="Items">{d.map((x) => <li key={x}>{x}</li>)}</ul>}
      </AsyncBlock>
    </MemoryRouter>,
  );
}

describe('AsyncBlock', () => {
  it('shows the error state alone when there is no data', () => {
    block({ data: undefined, error: new ApiError(500, { message: 'Database down' }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Database down');
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('shows an inline error with "Try again" above data that is kept from an earlier key', () => {
    const onRetry = vi.fn();
    block({ data: ['old row'], error: new ApiError(500, { message: 'Database down' }), onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Database down');
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('old row');
    // the alert comes before the content
    expect(alert.compareDocumentPosition(screen.getByRole('list', { name: 'Items' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the inline error above the empty state too, and nothing extra without an error', () => {
    const { unmount } = block({ data: [], error: new ApiError('FETCH_ERROR', {}) });
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the server');
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
    unmount();
    block({ data: ['fresh'], error: undefined });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a keepPreviousData list (followers) whose next page fails says so above the previous page', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const row = (n: number) => ({ copyId: `c${n}`, username: `follower${n}`, status: 'active', invested: '10.00', equity: '10.00', pnl: '0.00', since: '2024-01-01T00:00:00Z' });
    mockFetch({
      'GET /api/trader/followers': (url: string) =>
        url.includes('page=2')
          ? jsonResponse(500, { statusCode: 500, message: 'Followers are unavailable' })
          : jsonResponse(200, { items: [row(1)], total: 40, page: 1, limit: 20 }),
    });
    renderWithProviders(<FollowersPage />);
    expect(await screen.findByText('follower1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Followers are unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // the old page is still there, under the warning
    expect(screen.getByText('follower1')).toBeInTheDocument();
  });
});
