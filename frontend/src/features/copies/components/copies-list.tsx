import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { AMOUNT, rulesResolver, wholePercent } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Money, Percent, Pnl } from '../../../components/ui/money';
import { useLiveCopyFigures } from '../../../lib/live-copies';
import { EmptyState } from '../../../components/ui/states';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { useCopies } from '../api/get-copies';
import { useChangeCopy, type CopyAction } from '../api/copy-lifecycle';
import { useCopyFunds } from '../api/copy-funds';
import { useCopyGuards } from '../api/copy-guards';
import type { Copy } from '../api/types';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { fieldErrors } from '../../../lib/api-client';
import { formatMoney, toCents, centsToString } from '../../../lib/money';
import { rule, withinRange } from '../../../lib/input-rules';

const STOP_LOSS = rule('CopyGuardsDto', 'stopLossPct');
const TAKE_PROFIT = rule('CopyGuardsDto', 'takeProfitPct');
/** The loss the copier accepts, L % = 100 − stopLossPct (as in the copy dialog, product.md §12.1). */
const MAX_LOSS = { minimum: 100 - (STOP_LOSS.maximum ?? 95), maximum: 100 - (STOP_LOSS.minimum ?? 5) };

/** "$1,200.00" = invested × (100 + pct) % (cents, toward zero) */
function levelOf(invested: string, pct: number): string {
  return formatMoney(centsToString(((toCents(invested) ?? 0n) * BigInt(pct)) / 100n));
}

type GuardValues = { maxLoss: string; takeProfitPct: string };
const BLANK_FOR_NONE = ', or leave it blank for none';
/** The guards' checks: CopyGuardsDto's take-profit range and its stop-loss range read as the loss accepted; blank is none. */
export const guardsResolver = rulesResolver<'CopyGuardsDto', GuardValues>('CopyGuardsDto', {
  maxLoss: wholePercent(MAX_LOSS, BLANK_FOR_NONE),
  takeProfitPct: wholePercent(TAKE_PROFIT, BLANK_FOR_NONE),
});

/** A typed whole percentage within its range, else null (for the hint). */
function pctIn(r: { minimum?: number; maximum?: number }, text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) && withinRange(r, Number(t)) ? Number(t) : null;
}

/**
 * The guards of a running copy (PATCH copies/:id/settings): the max loss the copier accepts (stopLossPct = 100 − loss)
 * and the take profit, each with the amount it stands for; a blank field clears the guard.
 */
function GuardsForm({ copy }: { copy: Copy }) {
  const guards = useCopyGuards();
  const { register, handleSubmit, setError, watch, formState } = useForm<GuardValues>({
    defaultValues: { maxLoss: copy.stopLossPct === null ? '' : String(100 - copy.stopLossPct), takeProfitPct: copy.takeProfitPct === null ? '' : String(copy.takeProfitPct) },
    resolver: guardsResolver,
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const loss = pctIn(MAX_LOSS, watch('maxLoss'));
  const profit = pctIn(TAKE_PROFIT, watch('takeProfitPct'));
  const field = (name: keyof GuardValues) => register(name, { onChange: guards.newAttempt });

  async function submit({ maxLoss, takeProfitPct }: GuardValues) {
    setFormError(null);
    try {
      await guards.trigger({ copyId: copy.id, guards: { stopLossPct: maxLoss ? 100 - Number(maxLoss) : null, takeProfitPct: takeProfitPct ? Number(takeProfitPct) : null } });
      toast.success('Copy guards saved');
    } catch (err) {
      const byField = fieldErrors(err, ['stopLossPct', 'takeProfitPct']);
      if (byField.stopLossPct) setError('maxLoss', { type: 'server', message: byField.stopLossPct });
      if (byField.takeProfitPct) setError('takeProfitPct', { type: 'server', message: byField.takeProfitPct });
      if (!byField.stopLossPct && !byField.takeProfitPct) setFormError(errorMessage(err));
    }
  }

  return (
    <form className="inline-form" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate aria-label={`Guards of the copy of ${copy.traderName}`}>
      <TextField
        label="Max loss %"
        inputMode="numeric"
        placeholder="none"
        {...field('maxLoss')}
        error={errors.maxLoss?.message}
        hint={loss !== null ? `Max loss ${loss}% · stops at ${levelOf(copy.invested, 100 - loss)}` : 'Blank: no stop loss'}
      />
      <TextField
        label="Take profit %"
        inputMode="numeric"
        placeholder="none"
        {...field('takeProfitPct')}
        error={errors.takeProfitPct?.message}
        hint={profit !== null ? `+${profit}% · closes at ${levelOf(copy.invested, 100 + profit)}` : 'Blank: no take profit'}
      />
      <Button writes type="submit" variant="outline" size="sm" disabled={guards.busy}>Save guards</Button>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
    </form>
  );
}

type FundsValues = { amount: string };
/** Adding to or taking from a copy: CopyAmountDto's amount. */
export const fundsResolver = rulesResolver<'CopyAmountDto', FundsValues>('CopyAmountDto', { amount: AMOUNT });

function FundsForm({ copy }: { copy: Copy }) {
  const funds = useCopyFunds();
  const { register, handleSubmit, setError, reset, formState } = useForm<FundsValues>({ defaultValues: { amount: '' }, resolver: fundsResolver });

  const submit = (kind: 'add' | 'withdraw') =>
    handleSubmit(async ({ amount }) => {
      try {
        await funds.move({ copyId: copy.id, kind, amount });
        toast.success(kind === 'add' ? 'Funds added to the copy' : 'Funds returned to your balance');
        reset();
      } catch (err) {
        setError('amount', { type: 'server', message: errorMessage(err) });
      }
    });

  return (
    <form className="inline-form" onSubmit={(e) => void submit('add')(e)} noValidate aria-label={`Funds of the copy of ${copy.traderName}`}>
      <TextField label="Copy amount" inputMode="decimal" placeholder="50.00" {...register('amount', { onChange: funds.newAttempt })} error={formState.errors.amount?.message} />
      <Button writes type="submit" variant="outline" size="sm" disabled={funds.busy}>Add funds</Button>
      <Button writes variant="ghost" size="sm" disabled={funds.busy} onClick={() => void submit('withdraw')()}>
        Take back
      </Button>
    </form>
  );
}

/** `divergence`: mean divergence % per copy id, computed by the caller from the copied trades. */
export function CopiesList({ divergence }: { divergence?: Record<string, number> } = {}) {
  const { copies, error, isLoading, mutate } = useCopies();
  // the live figures the portfolio shows too (lib/live-copies.ts): one computation, one number per copy
  const { live, stale } = useLiveCopyFigures();
  const { change, busyId } = useChangeCopy();
  const [open, setOpen] = useState<{ id: string; panel: 'funds' | 'guards' } | null>(null);
  const [stopping, setStopping] = useState<Copy | null>(null);
  const [closeAll, setCloseAll] = useState(false);
  const toggle = (id: string, panel: 'funds' | 'guards') => setOpen(open?.id === id && open.panel === panel ? null : { id, panel });

  async function act(copy: Copy, action: Exclude<CopyAction, 'stop'>) {
    try {
      await change(copy.id, action);
      toast.success(action === 'pause' ? 'Copy paused' : 'Copy resumed');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }

  /** The stop dialog's Confirm: a rejection stays in the dialog with the server's reason. */
  async function stop(copy: Copy) {
    await change(copy.id, 'stop', closeAll);
    toast.success(closeAll || copy.openPositions === 0 ? 'Copy stopped: its equity is back in your balance' : 'Copy stopping');
  }

  const columns: Column<Copy>[] = [
    { header: 'Trader', cell: (c) => <Link to={`/traderinfo/${c.traderId}`}>{c.traderName}</Link> },
    { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
    {
      header: 'Live equity',
      title: 'What the copy is worth now: its settled equity plus its open positions at the market price',
      cell: (c) => (
        <span data-testid="copy-live-equity" className={stale ? 'is-stale' : undefined}>
          <Money value={live(c).equity} />
        </span>
      ),
    },
    {
      header: 'Unrealized',
      title: 'Profit or loss of the open positions if they closed now at the market price',
      cell: (c) => (
        <span data-testid="copy-live-unrealized" className={stale ? 'is-stale' : undefined}>
          <Pnl value={live(c).unrealized} />
        </span>
      ),
    },
    { header: 'Invested', cell: (c) => <Money value={c.invested} /> },
    { header: 'Settled pnl', title: 'Profit or loss of the closed positions, after profit share: already in the equity', cell: (c) => <Money value={c.pnl} signed colored /> },
    {
      header: 'Divergence',
      title: 'Your result minus the trader’s on closed positions, in % (sizing to the cent and your fill price)',
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
              <Button writes size="sm" disabled={busyId === c.id} onClick={() => void act(c, 'pause')}>Pause</Button>
            )}
            {c.status === 'paused' && (
              <Button writes size="sm" disabled={busyId === c.id} onClick={() => void act(c, 'resume')}>Resume</Button>
            )}
            {(c.status !== 'stopping' || c.openPositions > 0) && (
              <Button
                writes
                variant="danger"
                size="sm"
                disabled={busyId === c.id}
                onClick={() => {
                  setCloseAll(false);
                  setStopping(c);
                }}
              >
                {c.status === 'stopping' ? 'Close all' : 'Stop'}
              </Button>
            )}
            <Button size="sm" aria-expanded={open?.id === c.id && open.panel === 'guards'} onClick={() => toggle(c.id, 'guards')}>
              Guards
            </Button>
            <Button size="sm" aria-expanded={open?.id === c.id && open.panel === 'funds'} onClick={() => toggle(c.id, 'funds')}>
              Funds
            </Button>
            {open?.id === c.id && open.panel === 'funds' && <FundsForm copy={c} />}
            {open?.id === c.id && open.panel === 'guards' && <GuardsForm copy={c} />}
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
      {copies && copies.length > 0 && (
        <p className="muted small" data-testid="copies-explained">
          <strong>Live equity</strong> is what each copy is worth now (the portfolio shows the same figure); <strong>unrealized</strong> is the
          profit or loss of its open positions at the market price. <strong>Settled pnl</strong> is what its closed positions made after profit
          share, already in the equity. <strong>Divergence</strong> is how far your result on closed positions is from the trader&rsquo;s own, in
          percent: your positions are sized to the cent from your equity and filled at your own price, so a small figure near 0 % is normal.
        </p>
      )}
      <ConfirmDialog
        open={stopping !== null}
        title={stopping ? `Stop copying ${stopping.traderName}?` : 'Stop copying?'}
        confirmLabel={closeAll ? 'Stop and close all' : 'Stop copying'}
        danger
        onConfirm={() => stopping && stop(stopping)}
        onClose={() => setStopping(null)}
      >
        <p>No new trades will be copied.</p>
        {stopping && stopping.openPositions > 0 && (
          <>
            <CheckboxField
              label={`Close all ${stopping.openPositions === 1 ? 'its open position' : `its ${stopping.openPositions} open positions`} now at the market`}
              checked={closeAll}
              onChange={(e) => setCloseAll(e.target.checked)}
            />
            <p className="muted small">
              {closeAll
                ? 'They close at the current price for you alone (profit share as in any close); the equity returns to your balance and the copy ends.'
                : 'They stay open until the trader closes them; then the equity returns to your balance.'}
            </p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
