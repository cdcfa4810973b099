import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { amountError, formatMoney, normalizeAmount } from '../../../lib/money';
import { keyMatches } from '../../../lib/swr-keys';
import { toast } from '../../../lib/toast';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { FormError, TextField } from '../../../components/ui/field';
import { deposit } from '../api/deposit';
import { withdraw } from '../api/withdraw';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const aErr = amountError(amount);
    if (aErr) next.amount = aErr;
    if (!destination.trim()) next.destination = 'Enter where the money should go (IBAN or wallet address)';
    else if (destination.trim().length > 200) next.destination = 'Keep it under 200 characters';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await withdraw(normalizeAmount(amount), destination.trim(), key.current());
      key.settle();
      toast.success(`Withdrawal of ${formatMoney(amount.trim())} requested`);
      setAmount('');
      setDestination('');
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
      <TextField
        label="Destination"
        placeholder="IBAN or wallet address"
        value={destination}
        onChange={(e) => {
          key.reset();
          setDestination(e.target.value);
        }}
        error={errors.destination}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Sending…' : 'Withdraw'}
      </button>
    </form>
  );
}
