import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-session';
import { useCreateCopy } from '../../../lib/create-copy';
import { rangeHint, rule, withinRange } from '../../../lib/input-rules';
import { amountError, formatMoney, MIN_COPY, normalizeAmount } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

const STOP_LOSS = rule('FollowTraderDto', 'stopLossPct');

export function CopyTraderForm({ traderId, traderName }: { traderId: string; traderName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [amount, setAmount] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // the same key for retries of one attempt: a double click or a retry after a timeout copies once
  const { trigger: copy, busy, newAttempt } = useCreateCopy();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!session.isLoggedIn) {
      navigate('/signin', { state: { from: location } });
      return;
    }
    const next: Record<string, string> = {};
    const aErr = amountError(amount, MIN_COPY);
    if (aErr) next.amount = aErr;
    let stopLossPct: number | undefined;
    if (stopLoss.trim()) {
      const n = Number(stopLoss.trim());
      if (!/^\d+$/.test(stopLoss.trim()) || !withinRange(STOP_LOSS, n)) next.stopLossPct = `Enter a whole percentage from ${rangeHint(STOP_LOSS)}`;
      else stopLossPct = n;
    }
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      await copy({ traderId, amount: normalizeAmount(amount), stopLossPct });
      toast.success(`You are now copying ${traderName}`);
      setAmount('');
      setStopLoss('');
    } catch (error) {
      setErrors(fieldErrors(error, ['amount', 'stopLossPct']));
      setFormError(errorMessage(error));
    }
  }

  return (
    <form className="card copy-form" onSubmit={onSubmit} noValidate aria-labelledby="copy-form-title">
      <h2 id="copy-form-title">Copy {traderName}</h2>
      <p className="muted small">Minimum {formatMoney(MIN_COPY)}. The amount moves from your balance to this copy; each trade is sized from it.</p>
      <FormError message={formError} />
      <TextField label="Amount" inputMode="decimal" placeholder="100.00" value={amount} onChange={(e) => {
          newAttempt();
          setAmount(e.target.value);
        }} error={errors.amount} hint="USD" />
      <TextField
        label="Stop-loss % (optional)"
        inputMode="decimal"
        placeholder="e.g. 20"
        value={stopLoss}
        onChange={(e) => {
          newAttempt();
          setStopLoss(e.target.value);
        }}
        error={errors.stopLossPct}
        hint={`Stop the copy when its equity falls to this % of what you put in (${STOP_LOSS.minimum}–${STOP_LOSS.maximum})`}
      />
      <Button writes type="submit" variant="primary" block disabled={busy}>
        {busy ? 'Copying…' : 'Copy trader'}
      </Button>
      {!session.isLoggedIn && <p className="muted small">You will be asked to sign in first.</p>}
    </form>
  );
}
