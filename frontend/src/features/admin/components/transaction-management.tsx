import { useRef, useState } from 'react';
import { ApiError, errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { formatDate } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { Money } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { decideTransaction } from '../api/decide-transaction';
import { useAdminTransactions, type AdminTransaction } from '../api/get-admin-transactions';
import { Pager } from '../../../components/ui/pager';

export function TransactionManagement() {
  const [status, setStatus] = useState('Pending');
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useAdminTransactions(status, page);
  const [busyId, setBusyId] = useState<string | null>(null);
  // one key per transaction and decision: a retry after a lost answer replays instead of deciding twice
  const keys = useRef(new Map<string, string>());
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 20))) : 1;

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
        <AsyncBlock
          data={result}
          error={error}
          isLoading={isLoading}
          onRetry={() => void mutate()}
          loadingLabel="Loading transactions"
          isEmpty={(r) => r.items.length === 0}
          empty={<EmptyState title={status ? `No ${status.toLowerCase()} transactions` : 'No transactions'} />}
        >
          {(r) => (
            <>
              <div className="table-wrap">
                <table className="table" aria-label="Transactions">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">User</th>
                      <th scope="col">Type</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Destination</th>
                      <th scope="col">Status</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.items.map((t) => (
                      <tr key={t.id} aria-label={`${t.type} of ${t.username || t.email}`}>
                        <td>{formatDate(t.createdAt)}</td>
                        <td>
                          {t.username}
                          <div className="muted small">{t.email}</div>
                        </td>
                        <td className="cap">{t.type}</td>
                        <td><Money value={t.amount} /></td>
                        <td>{t.destination ?? '—'}</td>
                        <td><StatusBadge status={t.status} /></td>
                        <td className="actions">
                          {t.status === 'Pending' ? (
                            <>
                              <button type="button" className="btn btn--primary btn--sm" disabled={busyId === t.id} onClick={() => void decide(t, 'approve')}>Approve</button>
                              <button type="button" className="btn btn--danger btn--sm" disabled={busyId === t.id} onClick={() => void decide(t, 'reject')}>Reject</button>
                            </>
                          ) : (
                            <span className="muted small">{formatDate(t.decidedAt)}</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager label="Transaction pages" page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </AsyncBlock>
      </section>
    </div>
  );
}
