import { Button } from '../../../components/ui/button';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { amountError, formatMoney, normalizeAmount } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormError, TextField } from '../../../components/ui/field';
import { findReferenceHolder, useMatchTransfer, type ReferenceHolder } from '../api/match-transfer';

interface Review {
  holder: ReferenceHolder;
  amount: string;
  bankTxId: string;
}

/**
 * "Match a transfer" (product.md §12.6): the admin types what the bank statement shows (the reference, the amount, the
 * bank's transaction id), sees whose reference it is, and confirms; the API credits it once per bank transaction id.
 */
export function MatchTransferForm() {
  const { trigger: match, newAttempt } = useMatchTransfer();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [bankTxId, setBankTxId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [review, setReview] = useState<Review | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!reference.trim()) next.reference = 'Enter the reference shown on the transfer';
    const aErr = amountError(amount);
    if (aErr) next.amount = aErr;
    if (!bankTxId.trim()) next.bankTxId = 'Enter the bank’s transaction id';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setLooking(true);
    try {
      const holder = await findReferenceHolder(reference);
      setReview({ holder, amount: normalizeAmount(amount), bankTxId: bankTxId.trim() });
    } catch (error) {
      setErrors(fieldErrors(error, ['reference']));
      setFormError(errorMessage(error));
    } finally {
      setLooking(false);
    }
  }

  async function confirm(r: Review) {
    await match({ reference: r.holder.reference, amount: r.amount, bankTxId: r.bankTxId });
    toast.success(`${formatMoney(r.amount)} credited to ${r.holder.username}`);
    setReference('');
    setAmount('');
    setBankTxId('');
  }

  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    newAttempt();
    set(e.target.value);
  };

  return (
    <>
    <form className="card match-transfer" onSubmit={onSubmit} noValidate aria-labelledby="match-transfer-title">
      <h2 id="match-transfer-title">Match a transfer</h2>
      <p className="muted small">Credit an incoming bank transfer to the user whose reference it carries. Each bank transaction is credited once.</p>
      <FormError message={formError} />
      <div className="grid grid--3">
        <TextField label="Reference" placeholder="ML-7KQ2-9XF4" autoComplete="off" value={reference} onChange={edit(setReference)} error={errors.reference} />
        <TextField label="Amount received" inputMode="decimal" placeholder="250.00" value={amount} onChange={edit(setAmount)} error={errors.amount} hint="USD" />
        <TextField label="Bank transaction id" autoComplete="off" placeholder="BNK-20261128-000123" value={bankTxId} onChange={edit(setBankTxId)} error={errors.bankTxId} />
      </div>
      <Button type="submit" variant="primary" disabled={looking}>
        {looking ? 'Looking up…' : 'Review'}
      </Button>
    </form>
      <ConfirmDialog
        open={review !== null}
        title={review ? `Credit ${formatMoney(review.amount)} to ${review.holder.username}?` : ''}
        confirmLabel="Credit transfer"
        onConfirm={() => (review ? confirm(review) : undefined)}
        onClose={() => setReview(null)}
      >
        {review && (
          <dl className="details">
            <div><dt>User</dt><dd>{review.holder.username} ({review.holder.email})</dd></div>
            <div><dt>KYC</dt><dd>{review.holder.kycStatus}{review.holder.blocked ? ' · blocked' : ''}</dd></div>
            <div><dt>Reference</dt><dd>{review.holder.reference}</dd></div>
            <div><dt>Amount</dt><dd>{formatMoney(review.amount)}</dd></div>
            <div><dt>Bank transaction</dt><dd>{review.bankTxId}</dd></div>
          </dl>
        )}
      </ConfirmDialog>
    </>
  );
}
