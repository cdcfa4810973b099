import { useApi } from '../../../lib/api';
import { walletKeys } from '../../../lib/query-keys';
import { useState } from 'react';
import { formatDate } from '../../../lib/money';
import { Money } from '../../../components/ui/money';
import { Pager } from '../../../components/ui/pager';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';

const TYPES: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal requested (held)',
  withdrawal: 'Withdrawal paid out',
  withdrawal_release: 'Withdrawal rejected (released)',
  adjustment: 'Admin adjustment',
  copy_fund: 'Allocated to a copy',
  copy_withdraw: 'Withdrawn from a copy',
  copy_return: 'Returned from copy (copy ended)',
  trade_settlement: 'Copied trade pnl',
  profit_share: 'Profit share',
};
const ACCOUNTS: Record<string, string> = { cash: 'Cash', held: 'Held', copy_equity: 'Copy equity' };

/** A code in words (product.md §12.6): the known ones by name, any other as a sentence ("copy_pnl" → "Copy pnl"). */
export const inWords = (names: Record<string, string>, code: string): string =>
  names[code] ?? (code.charAt(0).toUpperCase() + code.slice(1)).replace(/_/g, ' ');

/** Every ledger movement of mine (GET /api/wallet/statement), newest first, paged: reconcilable line by line. */
export function StatementTable() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useApi(walletKeys.statement(page), {
    keepPreviousData: true,
  });
  return (
    <section className="card" aria-labelledby="statement-title">
      <h2 id="statement-title">Statement</h2>
      <p className="muted small">Every movement of your money, line by line: each line moves one of your accounts (cash, held, copy equity).</p>
      <AsyncBlock data={data} error={error} isLoading={isLoading} onRetry={() => void mutate()} isEmpty={(d) => d.items.length === 0} empty={<EmptyState title="No movements yet" />}>
        {(d) => (
          <>
            <div className="markets-scroll" tabIndex={0} role="region" aria-label="Statement lines">
              <table className="markets-table" aria-label="Statement">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Movement</th>
                    <th scope="col">Account</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((l) => (
                    <tr key={l.id}>
                      <td>{formatDate(l.time)}</td>
                      <td>{inWords(TYPES, l.type)}</td>
                      <td>{inWords(ACCOUNTS, l.account)}</td>
                      <td>
                        <Money value={l.amount} signed colored />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager label="Statement pages" page={page} pages={Math.max(1, Math.ceil(d.total / Math.max(1, d.limit)))} onPage={setPage} />
          </>
        )}
      </AsyncBlock>
    </section>
  );
}
