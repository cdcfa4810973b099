import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { amountError, formatMoney, normalizeAmount } from '../../../lib/money';
import { keyMatches } from '../../../lib/swr-keys';
import { toast } from '../../../lib/toast';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { deposit } from '../api/deposit';
import { withdraw } from '../api/withdraw';
import { useSavedAddresses, useTwoFactorOn } from '../api/get-withdrawal-options';
import { Link } from 'react-router-dom';

export function DepositForm() {
  const { mutate } = useSWRConfig();
  const key = useAttemptKey();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const err = amountError(amount);
    setErrors(err ? { amount: err } : {});
    setFormError(null);
    if (err) return;
    setBusy(true);
    try {
      await deposit(normalizeAmount(amount), key.current());
      key.settle();
      toast.success(`Deposit of ${formatMoney(amount.trim())} requested`);
      setAmount('');
      void mutate(keyMatches('/wallet'));
    } catch (error) {
      key.settle(error);
      setErrors(fieldErrors(error, ['amount']));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="deposit-title">
      <h2 id="deposit-title">Deposit funds</h2>
      <p className="muted small">Your request stays pending until an administrator approves it.</p>
      <FormError message={formError} />
      <TextField
        label="Amount"
        inputMode="decimal"
        placeholder="100.00"
        value={amount}
        onChange={(e) => {
          key.reset();
          setAmount(e.target.value);
        }}
        error={errors.amount}
        hint="USD"
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Sending…' : 'Deposit'}
      </button>
    </form>
  );
}

export function WithdrawForm() {
  const { mutate } = useSWRConfig();
  const key = useAttemptKey();
  const [amount, setAmount] = useState('');
  const [destination, setDestination] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useSavedAddresses();
  const twoFactor = useTwoFactorOn();
  // A new address is usable only after its waiting period (product.md §10): only usable ones are offered.
  const usable = (saved.data?.items ?? []).filter((a) => new Date(a.usableAt).getTime() <= Date.now());
  const waiting = (saved.data?.items.length ?? 0) - usable.length;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const aErr = amountError(amount);
    if (aErr) next.amount = aErr;
    if (!destination.trim()) next.destination = 'Choose a saved withdrawal address';
    if (twoFactor && !/^\d{6}$/.test(code.trim())) next.code = 'Enter the 6-digit code from your authenticator app';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await withdraw(normalizeAmount(amount), destination, key.current(), twoFactor ? code.trim() : undefined);
      key.settle();
      toast.success(`Withdrawal of ${formatMoney(amount.trim())} requested`);
      setAmount('');
      setDestination('');
      setCode('');
      void mutate(keyMatches('/wallet'));
    } catch (error) {
      key.settle(error);
      setErrors(fieldErrors(error, ['amount', 'destination']));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
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
          key.reset();
          setAmount(e.target.value);
        }}
        error={errors.amount}
        hint="USD"
      />
      <SelectField
        label="Destination"
        value={destination}
        onChange={(e) => {
          key.reset();
          setDestination(e.target.value);
        }}
        error={errors.destination}
        hint={waiting > 0 ? `${waiting} new address${waiting === 1 ? '' : 'es'} still in the 24-hour waiting period` : undefined}
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
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Sending…' : 'Withdraw'}
      </button>
    </form>
  );
}
