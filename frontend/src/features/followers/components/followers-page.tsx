import { useState, type ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/money';
import { useFollowers } from '../api/get-followers';
import { Pager } from '../../../components/ui/pager';

/** `traderId`: the trader an Admin looks at (a Trader sees its own copiers and passes none). */
export function FollowersPage({ traderId, scope }: { traderId?: string; scope?: ReactNode } = {}) {
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useFollowers(page, traderId);
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 20))) : 1;
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Followers</h1>
        <p className="muted">{result ? `${result.total} ${result.total === 1 ? 'copier' : 'copiers'}` : 'People copying your trades'}</p>
      </header>
      {scope}
      <section className="card">
        <AsyncBlock
          data={result}
          error={error}
          isLoading={isLoading}
          onRetry={() => void mutate()}
          loadingLabel="Loading followers"
          isEmpty={(r) => r.items.length === 0}
          empty={<EmptyState title="No followers yet">When someone copies you, they appear here.</EmptyState>}
        >
          {(r) => (
            <>
              <div className="table-wrap">
                <table className="table" aria-label="Followers">
                  <thead>
                    <tr>
                      <th scope="col">Follower</th>
                      <th scope="col">Status</th>
                      <th scope="col">Invested</th>
                      <th scope="col">Equity</th>
                      <th scope="col">PnL</th>
                      <th scope="col">Profit share paid</th>
                      <th scope="col">Since</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.items.map((f) => (
                      <tr key={f.copyId}>
                        <td>{f.username}</td>
                        <td><StatusBadge status={f.status} /></td>
                        <td><Money value={f.invested} /></td>
                        <td><Money value={f.equity} /></td>
                        <td><Money value={f.pnl} signed colored /></td>
                        <td><Money value={f.feesPaid} /></td>
                        <td>{formatDate(f.since)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager label="Follower pages" page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </AsyncBlock>
      </section>
    </div>
  );
}
