import { useState, type ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/states';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { formatDate } from '../../../lib/money';
import { useFollowers } from '../api/get-followers';
import type { Follower } from '../api/get-followers';

const COLUMNS: Column<Follower>[] = [
  { header: 'Follower', cell: (f) => f.username },
  { header: 'Status', cell: (f) => <StatusBadge status={f.status} /> },
  { header: 'Invested', cell: (f) => <Money value={f.invested} /> },
  { header: 'Equity', cell: (f) => <Money value={f.equity} /> },
  { header: 'PnL', cell: (f) => <Money value={f.pnl} signed colored /> },
  { header: 'Profit share paid', cell: (f) => <Money value={f.feesPaid} /> },
  { header: 'Since', cell: (f) => formatDate(f.since) },
];

/** `traderId`: the trader an Admin looks at (a Trader sees its own copiers and passes none). */
export function FollowersPage({ traderId, scope }: { traderId?: string; scope?: ReactNode } = {}) {
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useFollowers(page, traderId);
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Followers</h1>
        <p className="muted">{result ? `${result.total} ${result.total === 1 ? 'copier' : 'copiers'}` : 'People copying your trades'}</p>
      </header>
      {scope}
      <section className="card">
        <DataTable
          label="Followers"
          columns={COLUMNS}
          rows={result?.items}
          rowKey={(f) => f.copyId}
          error={error}
          isLoading={isLoading}
          onRetry={() => void mutate()}
          loadingLabel="Loading followers"
          empty={<EmptyState title="No followers yet">When someone copies you, they appear here.</EmptyState>}
          page={page}
          pages={pageCount(result)}
          onPage={setPage}
          pagerLabel="Follower pages"
        />
      </section>
    </div>
  );
}
