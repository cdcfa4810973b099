import { useApi, type Schema } from '../../../lib/api';
import { walletKeys } from '../../../lib/query-keys';
import { useState } from 'react';
import { formatDate } from '../../../lib/money';
import { Money } from '../../../components/ui/money';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/states';

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

type Line = Schema<'StatementLineDto'>;

const COLUMNS: Column<Line>[] = [
  { header: 'Time', cell: (l) => formatDate(l.time) },
  { header: 'Movement', cell: (l) => inWords(TYPES, l.type) },
  { header: 'Account', cell: (l) => inWords(ACCOUNTS, l.account) },
  { header: 'Amount', cell: (l) => <Money value={l.amount} signed colored /> },
];

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
      <DataTable
        label="Statement"
        regionLabel="Statement lines"
        look="prices"
        columns={COLUMNS}
        rows={data?.items}
        rowKey={(l) => l.id}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        empty={<EmptyState title="No movements yet" />}
        page={page}
        pages={pageCount(data)}
        onPage={setPage}
        pagerLabel="Statement pages"
      />
    </section>
  );
}
