import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { amountError, formatMoney, formatTimeLeft, normalizeAmount } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { useDeposit } from '../api/deposit';
import { useWithdraw } from '../api/withdraw';
import { useSavedAddresses, useTwoFactorOn } from '../api/get-withdrawal-options';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';

export function DepositForm() {
  const { trigger: requestDeposit, busy, newAttempt } = useDeposit();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const err = amountError(amount);
    setErrors(err ? { amount: err } : {});
    setFormError(null);
    if (err) return;
    try {
      await requestDeposit(normalizeAmount(amount));
      toast.success(`Deposit of ${formatMoney(amount.trim())} requested`);
      setAmount('');
    } catch (error) {
      setErrors(fieldErrors(error, ['amount']));
      setFormError(errorMessage(error));
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="deposit-title">
      <h2 id="deposit-title">Demo deposit request</h2>
      <p className="muted small">
        For trying Mirrorline without a bank transfer: ask for an amount, and it is credited when an administrator approves
        the request.
      </p>
      <FormError message={formError} />
      <TextField
        label="Amount"
        inputMode="decimal"
        placeholder="100.00"
        value={amount}
        onChange={(e) => {
          newAttempt();
          setAmount(e.target.value);
        }}
        error={errors.amount}
        hint="USD"
      />
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Request deposit'}
      </Button>
    </form>
  );
}

export function WithdrawForm() {
  const { trigger: requestWithdrawal, busy, newAttempt } = useWithdraw();
  const [amount, setAmount] = useState('');
  const [destination, setDestination] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saved = useSavedAddresses();
  const twoFactor = useTwoFactorOn();
  // A new address is usable only after its waiting period (product.md §10): only usable ones are offered.
  const usable = (saved.data?.items ?? []).filter((a) => formatTimeLeft(a.usableAt) === null);
  // the next address to become usable, as the API dates it
  const next = (saved.data?.items ?? []).filter((a) => formatTimeLeft(a.usableAt) !== null).sort((a, b) => a.usableAt.localeCompare(b.usableAt))[0];

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const aErr = amountError(amount);
    if (aErr) next.amount = aErr;
    if (!destination.trim()) next.destination = 'Choose a saved withdrawal address';
    // presence only: the code's form is the API's to judge (a wrong one is refused with its reason)
    if (twoFactor && !code.trim()) next.code = 'Enter the 6-digit code from your authenticator app';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      await requestWithdrawal({ amount: normalizeAmount(amount), destination, mfaCode: twoFactor ? code.trim() : undefined });
      toast.success(`Withdrawal of ${formatMoney(amount.trim())} requested`);
      setAmount('');
      setDestination('');
      setCode('');
    } catch (error) {
      setErrors(fieldErrors(error, ['amount', 'destination']));
      setFormError(errorMessage(error));
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">Withdraw funds</h2>
      <p className="muted small">The amount is held at once and paid out after approval.</p>
      <FormError message={formError} />
      <TextField
        label="Amount"
        inputMode="decimal"
        placeholder="50.00"
        value={amount}
        onChange={(e) => {
          newAttempt();
          setAmount(e.target.value);
        }}
        error={errors.amount}
        hint="USD"
      />
      <SelectField
        label="Destination"
        value={destination}
        onChange={(e) => {
          newAttempt();
          setDestination(e.target.value);
        }}
        error={errors.destination}
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
      {twoFactor && (
        <TextField label="Authenticator code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} />
      )}
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Withdraw'}
      </Button>
    </form>
  );
}
