import { useState } from 'react';
import { Money } from '../../../components/ui/money';
import { StatusBadge } from '../../../components/ui/badge';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/money';
import { useWalletTransactions } from '../api/get-transactions';
import type { WalletTransaction } from '../api/types';

const COLUMNS: Column<WalletTransaction>[] = [
  { header: 'Date', cell: (t) => formatDate(t.createdAt) },
  { header: 'Type', className: 'cap', cell: (t) => t.type },
  { header: 'Amount', cell: (t) => <Money value={t.amount} /> },
  { header: 'Destination', cell: (t) => t.destination ?? '—' },
  {
    header: 'Status',
    cell: (t) => (
      <>
        <StatusBadge status={t.status} />
        {t.note && <span className="muted small"> {t.note}</span>}
      </>
    ),
  },
];

export function TransactionsTable() {
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useWalletTransactions(page);
  return (
    <section className="card" aria-labelledby="tx-title">
      <h2 id="tx-title">Transactions</h2>
      <DataTable
        label="Transactions"
        columns={COLUMNS}
        rows={result?.items}
        rowKey={(t) => t.id}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading transactions"
        empty={<EmptyState title="No transactions yet">Your deposits and withdrawals will appear here.</EmptyState>}
        page={page}
        pages={pageCount(result, 10)}
        onPage={setPage}
        pagerLabel="Transaction pages"
      />
    </section>
  );
}
