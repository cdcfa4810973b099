import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { AMOUNT, rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { formatMoney, formatTimeLeft } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { useDeposit } from '../api/deposit';
import { useWithdraw } from '../api/withdraw';
import { useSavedAddresses, useTwoFactorOn } from '../api/get-withdrawal-options';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';

type DepositValues = { amount: string };
/** The deposit's check: DepositRequestDto's amount pattern on the amount as typed. */
export const depositResolver = rulesResolver<'DepositRequestDto', DepositValues>('DepositRequestDto', { amount: AMOUNT });

type WithdrawValues = { amount: string; destination: string; code: string };
/** The withdrawal's checks: WithdrawRequestDto's rules; the code (a header, no DTO) only when 2FA is on, and only its presence. */
export const withdrawResolver = (twoFactor: boolean) =>
  rulesResolver<'WithdrawRequestDto', WithdrawValues>('WithdrawRequestDto', {
    amount: AMOUNT,
    destination: { required: 'Choose a saved withdrawal address' },
    // presence only: the code's form is the API's to judge (a wrong one is refused with its reason)
    ...(twoFactor ? { code: { required: 'Enter the 6-digit code from your authenticator app' } } : {}),
  });

export function DepositForm() {
  const { trigger: requestDeposit, busy, newAttempt } = useDeposit();
  const { register, handleSubmit, setError, reset, formState } = useForm<DepositValues>({ defaultValues: { amount: '' }, resolver: depositResolver });
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit({ amount }: DepositValues) {
    setFormError(null);
    try {
      await requestDeposit(amount);
      toast.success(`Deposit of ${formatMoney(amount)} requested`);
      reset();
    } catch (error) {
      setServerErrors(setError, error, ['amount']);
      setFormError(errorMessage(error));
    }
  }

  return (
    <form className="card" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="deposit-title">
      <h2 id="deposit-title">Demo deposit request</h2>
      <p className="muted small">
        For trying Mirrorline without a bank transfer: ask for an amount, and it is credited when an administrator approves
        the request.
      </p>
      <FormError message={formError} />
      <TextField label="Amount" inputMode="decimal" placeholder="100.00" {...register('amount', { onChange: newAttempt })} error={formState.errors.amount?.message} hint="USD" />
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Request deposit'}
      </Button>
    </form>
  );
}

export function WithdrawForm() {
  const { trigger: requestWithdrawal, busy, newAttempt } = useWithdraw();
  const saved = useSavedAddresses();
  const twoFactor = useTwoFactorOn();
  const { register, handleSubmit, setError, reset, formState } = useForm<WithdrawValues>({
    defaultValues: { amount: '', destination: '', code: '' },
    resolver: withdrawResolver(twoFactor),
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  // A new address is usable only after its waiting period (product.md §10): only usable ones are offered.
  const usable = (saved.data?.items ?? []).filter((a) => formatTimeLeft(a.usableAt) === null);
  // the next address to become usable, as the API dates it
  const next = (saved.data?.items ?? []).filter((a) => formatTimeLeft(a.usableAt) !== null).sort((a, b) => a.usableAt.localeCompare(b.usableAt))[0];

  async function onSubmit({ amount, destination, code }: WithdrawValues) {
    setFormError(null);
    try {
      await requestWithdrawal({ amount, destination, mfaCode: twoFactor ? code : undefined });
      toast.success(`Withdrawal of ${formatMoney(amount)} requested`);
      reset();
    } catch (error) {
      setServerErrors(setError, error, ['amount', 'destination']);
      setFormError(errorMessage(error));
    }
  }

  return (
    <form className="card" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">Withdraw funds</h2>
      <p className="muted small">The amount is held at once and paid out after approval.</p>
      <FormError message={formError} />
      <TextField label="Amount" inputMode="decimal" placeholder="50.00" {...register('amount', { onChange: newAttempt })} error={errors.amount?.message} hint="USD" />
      <SelectField
        label="Destination"
        {...register('destination', { onChange: newAttempt })}
        error={errors.destination?.message}
        hint={next ? `${next.label}: usable in ${formatTimeLeft(next.usableAt) ?? 'a moment'}` : undefined}
      >
        <option value="">{usable.length ? 'Choose a saved address' : 'No usable saved address yet'}</option>
        {usable.map((a) => (
          <option key={a.id} value={a.destination}>
            {a.label}: {a.destination}
          </option>
        ))}
      </SelectField>
      <p className="small">
        <Link to="/userdashboard/security">Manage withdrawal addresses</Link>
      </p>
      {twoFactor && <TextField label="Authenticator code" autoComplete="one-time-code" inputMode="numeric" {...register('code')} error={errors.code?.message} />}
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Withdraw'}
      </Button>
    </form>
  );
}
