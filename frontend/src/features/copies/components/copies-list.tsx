import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { amountError, normalizeAmount } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { TextField } from '../../../components/ui/field';
import { Money, Percent } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/states';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { useCopies } from '../api/get-copies';
import { useChangeCopy, type CopyAction } from '../api/copy-lifecycle';
import { useCopyFunds } from '../api/copy-funds';
import type { Copy } from '../api/types';

function FundsForm({ copy }: { copy: Copy }) {
  const funds = useCopyFunds();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(kind: 'add' | 'withdraw', e?: FormEvent) {
    e?.preventDefault();
    const err = amountError(amount);
    setError(err);
    if (err) return;
    try {
      await funds.move({ copyId: copy.id, kind, amount: normalizeAmount(amount) });
      toast.success(kind === 'add' ? 'Funds added to the copy' : 'Funds returned to your balance');
      setAmount('');
    } catch (err2) {
      setError(errorMessage(err2));
    }
  }

  return (
    <form className="inline-form" onSubmit={(e) => void submit('add', e)} noValidate aria-label={`Funds of the copy of ${copy.traderName}`}>
      <TextField
        label="Copy amount"
        inputMode="decimal"
        placeholder="50.00"
        value={amount}
        onChange={(e) => {
          funds.newAttempt();
          setAmount(e.target.value);
        }}
        error={error}
      />
      <button type="submit" className="btn btn--outline btn--sm" disabled={funds.busy}>Add funds</button>
      <button type="button" className="btn btn--ghost btn--sm" disabled={funds.busy} onClick={() => void submit('withdraw')}>
        Take back
      </button>
    </form>
  );
}

/** `divergence`: mean divergence % per copy id, computed by the caller from the copied trades. */
export function CopiesList({ divergence }: { divergence?: Record<string, number> } = {}) {
  const { copies, error, isLoading, mutate } = useCopies();
  const { change, busyId } = useChangeCopy();
  const [open, setOpen] = useState<string | null>(null);

  async function act(copy: Copy, action: CopyAction) {
    if (action === 'stop' && !window.confirm(`Stop copying ${copy.traderName}? Open positions stay until the trader closes them.`)) return;
    try {
      await change(copy.id, action);
      toast.success(action === 'pause' ? 'Copy paused' : action === 'resume' ? 'Copy resumed' : 'Copy stopping');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }

  const columns: Column<Copy>[] = [
    { header: 'Trader', cell: (c) => <Link to={`/traderinfo/${c.traderId}`}>{c.traderName}</Link> },
    { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
    { header: 'Invested', cell: (c) => <Money value={c.invested} /> },
    { header: 'Equity', cell: (c) => <Money value={c.equity} /> },
    { header: 'PnL', cell: (c) => <Money value={c.pnl} signed colored /> },
    {
      header: 'Divergence',
      title: 'Your result minus the trader’s on closed positions (sizing and rounding)',
      cell: (c) => {
        const div = divergence?.[c.id] ?? null;
        return div === null ? '—' : <Percent value={div} />;
      },
    },
    { header: 'Open', cell: (c) => c.openPositions },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'actions',
      cell: (c) =>
        c.status !== 'stopped' && (
          <>
            {c.status === 'active' && (
              <Button size="sm" disabled={busyId === c.id} onClick={() => void act(c, 'pause')}>Pause</Button>
            )}
            {c.status === 'paused' && (
              <Button size="sm" disabled={busyId === c.id} onClick={() => void act(c, 'resume')}>Resume</Button>
            )}
            {c.status !== 'stopping' && (
              <Button variant="danger" size="sm" disabled={busyId === c.id} onClick={() => void act(c, 'stop')}>Stop</Button>
            )}
            <Button size="sm" aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
              Funds
            </Button>
            {open === c.id && <FundsForm copy={c} />}
          </>
        ),
    },
  ];

  return (
    <section className="card" aria-labelledby="copies-title">
      <h2 id="copies-title">My copies</h2>
      <DataTable
        label="My copies"
        columns={columns}
        rows={copies}
        rowKey={(c) => c.id}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading copies"
        empty={
          <EmptyState title="You are not copying anyone yet">
            <Link to="/traders" className="btn btn--primary btn--sm">Browse traders</Link>
          </EmptyState>
        }
      />
    </section>
  );
}
