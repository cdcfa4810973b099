import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-session';
import { useCreateCopy } from '../../../lib/create-copy';
import { AMOUNT, rulesResolver, setServerErrors, wholePercent } from '../../../lib/form-rules';
import { rule } from '../../../lib/input-rules';
import { formatMoney, MIN_COPY } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

const STOP_LOSS = rule('FollowTraderDto', 'stopLossPct');

type CopyValues = { amount: string; stopLossPct: string };
/** The copy form's checks: FollowTraderDto's amount (its pattern and x-minimum-amount) and stop loss range. */
export const copyTraderResolver = rulesResolver<'FollowTraderDto', CopyValues>('FollowTraderDto', { amount: AMOUNT, stopLossPct: wholePercent(STOP_LOSS) });

export function CopyTraderForm({ traderId, traderName }: { traderId: string; traderName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, setError, reset, formState } = useForm<CopyValues>({ defaultValues: { amount: '', stopLossPct: '' }, resolver: copyTraderResolver });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  // the same key for retries of one attempt: a double click or a retry after a timeout copies once
  const { trigger: copy, busy, newAttempt } = useCreateCopy();

  async function onSubmit({ amount, stopLossPct }: CopyValues) {
    setFormError(null);
    try {
      await copy({ traderId, amount, stopLossPct: stopLossPct ? Number(stopLossPct) : undefined });
      toast.success(`You are now copying ${traderName}`);
      reset();
    } catch (error) {
      setServerErrors(setError, error, ['amount', 'stopLossPct']);
      setFormError(errorMessage(error));
    }
  }

  return (
    <form
      className="card copy-form"
      onSubmit={(e) => {
        if (session.isLoggedIn) return void handleSubmit(onSubmit)(e);
        e.preventDefault();
        navigate('/signin', { state: { from: location } });
      }}
      noValidate
      aria-labelledby="copy-form-title"
    >
      <h2 id="copy-form-title">Copy {traderName}</h2>
      <p className="muted small">Minimum {formatMoney(MIN_COPY)}. The amount moves from your balance to this copy; each trade is sized from it.</p>
      <FormError message={formError} />
      <TextField label="Amount" inputMode="decimal" placeholder="100.00" {...register('amount', { onChange: newAttempt })} error={errors.amount?.message} hint="USD" />
      <TextField
        label="Stop-loss % (optional)"
        inputMode="decimal"
        placeholder="e.g. 20"
        {...register('stopLossPct', { onChange: newAttempt })}
        error={errors.stopLossPct?.message}
        hint={`Stop the copy when its equity falls to this % of what you put in (${STOP_LOSS.minimum}–${STOP_LOSS.maximum})`}
      />
      <Button writes type="submit" variant="primary" block disabled={busy}>
        {busy ? 'Copying…' : 'Copy trader'}
      </Button>
      {!session.isLoggedIn && <p className="muted small">You will be asked to sign in first.</p>}
    </form>
  );
}
