import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { AMOUNT, rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormError, TextField } from '../../../components/ui/field';
import { findReferenceHolder, useMatchTransfer, type ReferenceHolder } from '../api/match-transfer';

type TransferValues = { reference: string; amount: string; bankTxId: string };
interface Review extends Omit<TransferValues, 'reference'> {
  holder: ReferenceHolder;
}

/** The transfer's checks: MatchTransferRequestDto's amount pattern and bankTxId length; the reference (no generated rule) must be there. */
export const matchTransferResolver = rulesResolver<'MatchTransferRequestDto', TransferValues>('MatchTransferRequestDto', {
  reference: { required: 'Enter the reference shown on the transfer' },
  amount: AMOUNT,
  bankTxId: { required: 'Enter the bank’s transaction id' },
});

/**
 * "Match a transfer" (product.md §12.6): the admin types what the bank statement shows (the reference, the amount, the
 * bank's transaction id), sees whose reference it is, and confirms; the API credits it once per bank transaction id.
 */
export function MatchTransferForm() {
  const { trigger: match, newAttempt } = useMatchTransfer();
  const { register, handleSubmit, setError, reset, formState } = useForm<TransferValues>({ defaultValues: { reference: '', amount: '', bankTxId: '' }, resolver: matchTransferResolver });
  const errors = formState.errors;
  const looking = formState.isSubmitting;
  const [formError, setFormError] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const field = (name: keyof TransferValues) => register(name, { onChange: newAttempt });

  async function onSubmit({ reference, amount, bankTxId }: TransferValues) {
    setFormError(null);
    try {
      setReview({ holder: await findReferenceHolder(reference), amount, bankTxId });
    } catch (error) {
      setServerErrors(setError, error, ['reference']);
      setFormError(errorMessage(error));
    }
  }

  async function confirm(r: Review) {
    await match({ reference: r.holder.reference, amount: r.amount, bankTxId: r.bankTxId });
    toast.success(`${formatMoney(r.amount)} credited to ${r.holder.username}`);
    reset();
  }

  return (
    <>
    <form className="card match-transfer" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="match-transfer-title">
      <h2 id="match-transfer-title">Match a transfer</h2>
      <p className="muted small">Credit an incoming bank transfer to the user whose reference it carries. Each bank transaction is credited once.</p>
      <FormError message={formError} />
      <div className="grid grid--3">
        <TextField label="Reference" placeholder="ML-7KQ2-9XF4" autoComplete="off" {...field('reference')} error={errors.reference?.message} />
        <TextField label="Amount received" inputMode="decimal" placeholder="250.00" {...field('amount')} error={errors.amount?.message} hint="USD" />
        <TextField label="Bank transaction id" autoComplete="off" placeholder="BNK-20261128-000123" {...field('bankTxId')} error={errors.bankTxId?.message} />
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
