import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/money';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { Money } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/states';
import { Button } from '../../../components/ui/button';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { useDecideTransaction } from '../api/decide-transaction';
import { useAdminTransactions, type AdminTransaction } from '../api/get-admin-transactions';
import { MatchTransferForm } from './match-transfer';

/** What a decision does, in words, for the confirmation. */
function effectOf(t: AdminTransaction, decision: 'approve' | 'reject'): string {
  const who = t.username ? `${t.username} (${t.email})` : (t.email ?? '');
  const amount = formatMoney(t.amount);
  if (t.type === 'deposit') {
    return decision === 'approve' ? `${amount} is credited to the cash balance of ${who}.` : `${who} is not credited the ${amount} deposit.`;
  }
  return decision === 'approve'
    ? `${amount} held for ${who} is paid out to ${t.destination ?? 'the given destination'}.`
    : `The ${amount} held for ${who} goes back to their cash balance.`;
}

export function TransactionManagement() {
  const [status, setStatus] = useState('Pending');
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useAdminTransactions(status, page);
  const { decide: decideNow, busyId } = useDecideTransaction();
  const [asking, setAsking] = useState<{ t: AdminTransaction; decision: 'approve' | 'reject' } | null>(null);

  async function decide(t: AdminTransaction, decision: 'approve' | 'reject') {
    try {
      await decideNow(t.id, decision);
      toast.success(decision === 'approve' ? 'Transaction approved' : 'Transaction rejected');
    } catch (err) {
      toast.error(errorMessage(err));
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
            <Button variant="primary" size="sm" disabled={busyId === t.id} onClick={() => setAsking({ t, decision: 'approve' })}>Approve</Button>
            <Button variant="danger" size="sm" disabled={busyId === t.id} onClick={() => setAsking({ t, decision: 'reject' })}>Reject</Button>
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
      <MatchTransferForm />
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
        <ConfirmDialog
          open={asking !== null}
          title={asking ? `${asking.decision === 'approve' ? 'Approve' : 'Reject'} the ${asking.t.type} of ${asking.t.username || asking.t.email}?` : ''}
          confirmLabel={asking?.decision === 'approve' ? 'Approve' : 'Reject'}
          danger={asking?.decision === 'reject'}
          onConfirm={() => asking && decide(asking.t, asking.decision)}
          onClose={() => setAsking(null)}
        >
          {asking && <p>{effectOf(asking.t, asking.decision)}</p>}
        </ConfirmDialog>
      </section>
    </div>
  );
}
