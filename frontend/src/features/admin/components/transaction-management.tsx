import { useRef, useState } from 'react';
import { ApiError, errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { formatDate } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { Money } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/states';
import { Button } from '../../../components/ui/button';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { decideTransaction } from '../api/decide-transaction';
import { useAdminTransactions, type AdminTransaction } from '../api/get-admin-transactions';

export function TransactionManagement() {
  const [status, setStatus] = useState('Pending');
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useAdminTransactions(status, page);
  const [busyId, setBusyId] = useState<string | null>(null);
  // one key per transaction and decision: a retry after a lost answer replays instead of deciding twice
  const keys = useRef(new Map<string, string>());

  async function decide(t: AdminTransaction, decision: 'approve' | 'reject') {
    const k = `${t.id}:${decision}`;
    if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey());
    setBusyId(t.id);
    try {
      await decideTransaction(t.id, decision, keys.current.get(k)!);
      keys.current.delete(k);
      toast.success(decision === 'approve' ? 'Transaction approved' : 'Transaction rejected');
      void mutate();
    } catch (err) {
      if (err instanceof ApiError && typeof err.status === 'number') keys.current.delete(k);
      toast.error(errorMessage(err));
      void mutate();
    } finally {
      setBusyId(null);
    }
  }

  const columns: Column<AdminTransaction>[] = [
    { header: 'Date', cell: (t) => formatDate(t.createdAt) },
    { header: 'User', cell: (t) => <>{t.username}<div className="muted small">{t.email}</div></> },
    { header: 'Type', className: 'cap', cell: (t) => t.type },
    { header: 'Amount', cell: (t) => <Money value={t.amount} /> },
    { header: 'Destination', cell: (t) => t.destination ?? '—' },
    { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
    {
      header: 'Actions',
      className: 'actions',
      cell: (t) =>
        t.status === 'Pending' ? (
          <>
            <Button variant="primary" size="sm" disabled={busyId === t.id} onClick={() => void decide(t, 'approve')}>Approve</Button>
            <Button variant="danger" size="sm" disabled={busyId === t.id} onClick={() => void decide(t, 'reject')}>Reject</Button>
          </>
        ) : (
          <span className="muted small">{formatDate(t.decidedAt)}</span>
        ),
    },
  ];

  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Transaction Management</h1>
      </header>
      <div className="toolbar">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All</option>
          <option value="Pending">Pending</option>
          <option value="Approved">Approved</option>
          <option value="Rejected">Rejected</option>
        </SelectField>
      </div>
      <section className="card">
        <DataTable
          label="Transactions"
          columns={columns}
          rows={result?.items}
          rowKey={(t) => t.id}
          rowProps={(t) => ({ 'aria-label': `${t.type} of ${t.username || t.email}` })}
          error={error}
          isLoading={isLoading}
          onRetry={() => void mutate()}
          loadingLabel="Loading transactions"
          empty={<EmptyState title={status ? `No ${status.toLowerCase()} transactions` : 'No transactions'} />}
          page={page}
          pages={pageCount(result)}
          onPage={setPage}
          pagerLabel="Transaction pages"
        />
      </section>
    </div>
  );
}
