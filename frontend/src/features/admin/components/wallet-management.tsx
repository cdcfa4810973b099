import { SearchForm } from '../../../components/ui/search-form';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { useAdminWallets } from '../api/get-wallets';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import type { UserWallet } from '../api/get-wallets';

const COLUMNS: Column<UserWallet>[] = [
  { header: 'User', cell: (w) => w.username },
  { header: 'Email', cell: (w) => w.email },
  { header: 'Cash', cell: (w) => <Money value={w.cash} /> },
  { header: 'Held', cell: (w) => <Money value={w.held} /> },
  { header: 'Copy equity', cell: (w) => <Money value={w.copyEquity} /> },
];

const PLATFORM_LABELS: Record<string, string> = {
  deposits: 'Deposits clearing',
  withdrawals: 'Withdrawals clearing',
  market: 'Market settlement',
  adjustments: 'Admin adjustments',
  userCash: 'Users’ cash',
  userBalance: 'Users’ cash',
  userTradingBalance: 'Users’ copy equity',
  userHeld: 'Users’ held',
  userCopyEquity: 'Users’ copy equity',
};

export function WalletManagement() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const { overview, error, isLoading, mutate } = useAdminWallets(page, query);
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Wallet Management</h1>
      </header>
      <AsyncBlock data={overview} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading wallets">
        {(o) => {
          return (
            <>
              <section className="card" aria-labelledby="ledger-title">
                <div className="card__head">
                  <h2 id="ledger-title">Ledger check</h2>
                  <span data-testid="ledger-check">
                    {o.check.balanced ? <Badge tone="green">Balanced</Badge> : <Badge tone="red">Unbalanced</Badge>}
                  </span>
                </div>
                <dl className="details details--inline">
                  <div><dt>Sum of all entries</dt><dd><Money value={o.check.entriesSum} /></dd></div>
                  <div><dt>Unbalanced transactions</dt><dd>{o.check.unbalancedTransactions}</dd></div>
                  <div><dt>Balance mismatches</dt><dd>{o.check.mismatches.length}</dd></div>
                </dl>
              </section>
              <section className="card" aria-labelledby="platform-title">
                <h2 id="platform-title">Platform totals</h2>
                <div className="grid grid--4">
                  {Object.entries(o.platform).map(([k, v]) => (
                    <div key={k} className="stat-card">
                      <span className="stat-card__label">{PLATFORM_LABELS[k] ?? k}</span>
                      <strong className="stat-card__value"><Money value={v} /></strong>
                    </div>
                  ))}
                </div>
              </section>
              <section className="card" aria-labelledby="wallets-title">
                <div className="card__head">
                  <h2 id="wallets-title">User wallets</h2>
                  <SearchForm
                    label="Search wallets"
                    onSearch={(q) => {
                      setPage(1);
                      setQuery(q);
                    }}
                  />
                </div>
                <DataTable
                  label="User wallets"
                  columns={COLUMNS}
                  rows={o.wallets.items}
                  rowKey={(w) => w.userId}
                  empty={<EmptyState title="No wallets found" />}
                  page={page}
                  pages={pageCount(o.wallets)}
                  onPage={setPage}
                  pagerLabel="Wallet pages"
                />
              </section>
            </>
          );
        }}
      </AsyncBlock>
    </div>
  );
}
