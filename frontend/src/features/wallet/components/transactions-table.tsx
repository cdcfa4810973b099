import { useState } from 'react';
import { Money } from '../../../components/ui/money';
import { StatusBadge } from '../../../components/ui/badge';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/money';
import { useWalletTransactions } from '../api/get-transactions';
import { Pager } from '../../../components/ui/pager';

export function TransactionsTable() {
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useWalletTransactions(page);
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 10))) : 1;
  return (
    <section className="card" aria-labelledby="tx-title">
      <h2 id="tx-title">Transactions</h2>
      <AsyncBlock
        data={result}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading transactions"
        isEmpty={(r) => r.items.length === 0}
        empty={<EmptyState title="No transactions yet">Your deposits and withdrawals will appear here.</EmptyState>}
      >
        {(r) => (
          <>
            <div className="table-wrap">
              <table className="table" aria-label="Transactions">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Type</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Destination</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {r.items.map((t) => (
                    <tr key={t.id}>
                      <td>{formatDate(t.createdAt)}</td>
                      <td className="cap">{t.type}</td>
                      <td><Money value={t.amount} /></td>
                      <td>{t.destination ?? '—'}</td>
                      <td>
                        <StatusBadge status={t.status} />
                        {t.note && <span className="muted small"> {t.note}</span>}
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
  );
}
