import { copyKeys, walletKeys } from '../../../lib/query-keys';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/auth-session';
import { useCreateCopy } from '../../../lib/create-copy';
import { AMOUNT, rulesResolver, setServerErrors, wholePercent } from '../../../lib/form-rules';
import { rule, withinRange } from '../../../lib/input-rules';
import { centsToString, formatMoney, MIN_COPY, normalizeAmount, toCents } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { shareOf, stopLossFloor } from './copy-math';
import { Button } from '../../../components/ui/button';
import { CopySummary } from './copy-summary';

const STOP_LOSS = rule('FollowTraderDto', 'stopLossPct');
/**
 * The copier states the loss they accept (eToro's reading, product.md §12.1): a max loss of L % is the API's
 * stopLossPct = 100 − L (the equity floor in % of invested), so its range is the floor's range mirrored.
 */
const MAX_LOSS = { minimum: 100 - (STOP_LOSS.maximum ?? 95), maximum: 100 - (STOP_LOSS.minimum ?? 5) };

type CopyValues = { amount: string; maxLoss: string; copyOpenTrades: boolean };

/**
 * The copy dialog's checks: FollowTraderDto's amount (pattern, x-minimum-amount; "Use at most 2 decimals" said
 * plainly) within the available balance, and the max loss in stopLossPct's range mirrored.
 */
export function copyResolver(balance: string | null) {
  return rulesResolver<'FollowTraderDto', CopyValues>('FollowTraderDto', {
    amount: {
      ...AMOUNT,
      invalid: (v) => (/^\d+\.\d{3,}$/.test(v) ? 'Use at most 2 decimals (cents)' : AMOUNT.invalid),
      check: (v) => {
        const available = toCents(balance);
        return available !== null && toCents(v)! > available ? 'More than your available balance' : undefined;
      },
    },
    maxLoss: wholePercent(MAX_LOSS),
  });
}

const SKIP_REASONS: Record<string, string> = { market_closed: 'market closed', no_quote: 'no live price', zero_size: 'too small' };

export interface CopyTarget {
  id: string;
  name: string;
  /** profit share, % */
  share: number;
}

/** My running copy of the trader (undefined when none), and whether my copies have been read yet. */
function useMyCopyOf(traderId: string, enabled: boolean) {
  const { data } = useApi(enabled ? copyKeys.mine() : null);
  const list = data ?? [];
  return { mine: list.find((c) => String(c.traderId) === traderId && c.status !== 'stopped'), known: data !== undefined };
}

/**
 * The trader page's copy panel: "Copy trader" opens a dialog (a full-width sheet on a phone) with the
 * available balance, the amount (Max), the copy stop loss in % and $, the profit share explained, then a
 * summary and Confirm (one Idempotency-Key per attempt). After copying it says "You copy this trader:
 * equity … — manage". Without KYC the dialog explains and links to the KYC page.
 */
export function CopyPanel({ trader }: { trader: CopyTarget }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { mine, known: copiesKnown } = useMyCopyOf(trader.id, session.isLoggedIn);
  const wallet = useApi(session.isLoggedIn ? walletKeys.balance() : null);
  const { trigger: copy, busy, newAttempt } = useCreateCopy();
  const [open, setOpen] = useState(false);
  const balance = wallet.data?.balance ?? null;
  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<CopyValues>({
    defaultValues: { amount: '', maxLoss: '', copyOpenTrades: false },
    resolver: copyResolver(balance),
  });
  const errors = formState.errors;
  // the checked values on the summary step; null on the form step
  const [reviewed, setReviewed] = useState<CopyValues | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // "Copy" on a trader card links to …#copy: the dialog opens at once for a signed-in visitor (once per visit)
  const openedFromLink = useRef(false);
  const fromCard = location.hash === '#copy' && session.isLoggedIn && copiesKnown && !mine;
  useEffect(() => {
    if (!fromCard || openedFromLink.current) return;
    openedFromLink.current = true;
    setReviewed(null);
    setOpen(true);
  }, [fromCard]);

  if (mine) {
    return (
      <section className="card copy-panel" aria-label="Your copy">
        <p>
          You copy this trader: equity <strong>{formatMoney(mine.liveEquity ?? mine.equity)}</strong> — <Link to="/userdashboard">manage</Link>
        </p>
      </section>
    );
  }

  const [amount, maxLoss, copyOpen] = watch(['amount', 'maxLoss', 'copyOpenTrades']);
  const loss = /^\d+$/.test(maxLoss.trim()) ? Number(maxLoss.trim()) : null;
  const lossValid = loss !== null && withinRange(MAX_LOSS, loss);
  const pct = lossValid ? 100 - loss : null;
  const floor = pct !== null && amount ? stopLossFloor(amount, pct) : null;
  const lost = floor ? centsToString((toCents(normalizeAmount(amount)) ?? 0n) - (toCents(floor) ?? 0n)) : null;
  /** "Max loss 40% · −$400.00 · stops at $600.00" */
  const lossText = loss !== null && floor && lost ? `Max loss ${loss}% · −${formatMoney(lost)} · stops at ${formatMoney(floor)}` : null;
  const example = shareOf('100.00', trader.share);

  async function confirm(values: CopyValues) {
    setFormError(null);
    try {
      const answer = await copy({
        traderId: trader.id,
        amount: values.amount,
        ...(values.maxLoss ? { stopLossPct: 100 - Number(values.maxLoss) } : {}),
        copyOpenTrades: values.copyOpenTrades,
      });
      const taken = answer?.openTrades;
      toast.success(
        taken
          ? `You are now copying ${trader.name}, with ${taken.copied.length} open ${taken.copied.length === 1 ? 'trade' : 'trades'} at today's price`
          : `You are now copying ${trader.name}`,
      );
      if (taken?.skipped.length) {
        toast.info(`Not copied: ${taken.skipped.map((s) => `${s.symbol} (${SKIP_REASONS[s.reason] ?? s.reason})`).join(', ')}`);
      }
      setOpen(false);
    } catch (error) {
      setReviewed(null);
      const stopLoss = fieldErrors(error, ['stopLossPct']).stopLossPct;
      setServerErrors(setError, error, ['amount']);
      if (stopLoss) setError('maxLoss', { type: 'server', message: stopLoss });
      setFormError(errorMessage(error));
    }
  }

  const start = () => {
    if (!session.isLoggedIn) {
      navigate('/signin', { state: { from: location } });
      return;
    }
    setReviewed(null);
    setOpen(true);
  };

  return (
    <section className="card copy-panel" aria-label={`Copy ${trader.name}`}>
      <p className="muted small">Minimum {formatMoney(MIN_COPY)}. Each of {trader.name}&apos;s trades is sized from your copy&apos;s equity.</p>
      <Button writes variant="primary" block onClick={start}>
        Copy trader
      </Button>
      <Dialog open={open} title={`Copy ${trader.name}`} onClose={() => !busy && setOpen(false)}>
        {!session.KYCstatus ? (
          <div className="stack">
            <p>Copying moves real money, so we first need to verify your identity (KYC). It takes a few minutes.</p>
            <Link to="/userdashboard/kycverification" className="btn btn--primary">
              Verify my identity
            </Link>
          </div>
        ) : !reviewed ? (
          <form
            className="stack copy-dialog"
            noValidate
            aria-label="Copy details"
            onSubmit={(e) => {
              setFormError(null);
              void handleSubmit(setReviewed)(e);
            }}
          >
            <FormError message={formError} />
            <p>
              Available balance: <strong data-testid="available">{balance === null ? '…' : formatMoney(balance)}</strong>
            </p>
            <div className="copy-dialog__amount">
              <TextField
                label="Amount"
                inputMode="decimal"
                placeholder="100.00"
                {...register('amount', { onChange: newAttempt })}
                error={errors.amount?.message}
                hint={`USD, at least ${formatMoney(MIN_COPY)}`}
              />
              <Button variant="outline" size="sm" disabled={!balance} onClick={() => balance && (newAttempt(), setValue('amount', balance, { shouldValidate: formState.isSubmitted }))}>
                Max
              </Button>
            </div>
            <TextField
              label="Max loss %"
              inputMode="numeric"
              placeholder={`optional, ${MAX_LOSS.minimum}–${MAX_LOSS.maximum}`}
              {...register('maxLoss', { onChange: newAttempt })}
              error={errors.maxLoss?.message}
              hint={lossText ? `${lossText}: the copy stops when it has lost this much.` : 'Optional: the loss you accept. The copy stops when it has lost this % of the amount.'}
            />
            <input
              type="range"
              className="copy-dialog__slider"
              aria-label="Max loss slider"
              min={MAX_LOSS.minimum}
              max={MAX_LOSS.maximum}
              step={1}
              value={lossValid ? loss : 50}
              onChange={(e) => {
                newAttempt();
                setValue('maxLoss', e.target.value, { shouldValidate: formState.isSubmitted });
              }}
            />
            <CheckboxField
              className="copy-dialog__open-trades"
              label="Also copy the trader's open trades at today's price"
              {...register('copyOpenTrades', { onChange: newAttempt })}
              hint={
                copyOpen
                  ? `Your copy opens a position in each of ${trader.name}'s open trades now, at the current market price (not the trader's entry), sized as a new trade would be.`
                  : `Only trades ${trader.name} opens from now on are copied.`
              }
            />
            <p className="small muted">
              Profit share {trader.share}%: {trader.name} earns {trader.share}% of your copy&apos;s gains above its high-water mark (its highest equity so far), only when a
              trade closes in profit. Example: $100.00 of new gains → {formatMoney(example)} to the trader. Losses are never charged; you earn the share back only by
              making new highs.
            </p>
            <Button type="submit" variant="primary">
              Review
            </Button>
          </form>
        ) : (
          <CopySummary
            traderId={String(trader.id)}
            amount={reviewed.amount}
            lossText={lossText}
            stopLossPct={pct}
            share={trader.share}
            copyOpen={reviewed.copyOpenTrades}
            balance={balance}
            formError={formError}
            busy={busy}
            onBack={() => setReviewed(null)}
            onConfirm={() => void confirm(reviewed)}
          />
        )}
      </Dialog>
    </section>
  );
}
