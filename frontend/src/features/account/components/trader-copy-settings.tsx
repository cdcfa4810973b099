import { Button } from '../../../components/ui/button';
import { api, type ApiBody } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { rangeHint, rule, withinRange } from '../../../lib/input-rules';
import { amountError, formatMoney, MIN_COPY, normalizeAmount } from '../../../lib/money';

const MAX_COPIERS = rule('UpdateTraderSettingsDto', 'maxCopiers');

export interface TraderCopySettings {
  minCopyAmount: string;
  maxCopiers: number;
}

/** PATCH /api/trader/settings: my minimum copy amount (≥ 10.00) and maximum copiers (product.md §12.3). */
function useUpdateCopySettings() {
  return useMutation((patch: Partial<TraderCopySettings>) => api('patch', '/api/trader/settings', { body: patch as ApiBody<'/api/trader/settings', 'patch'> }), { invalidate: [traderKeys.all] });
}

/**
 * A trader's copy limits: below the minimum a follow is refused; with as many live copies as the maximum the trader
 * shows "Full" and takes no new copier. Sends only what changed.
 */
export function TraderCopySettingsForm({ initial }: { initial: TraderCopySettings }) {
  const [minimum, setMinimum] = useState(initial.minCopyAmount);
  const [maximum, setMaximum] = useState(String(initial.maxCopiers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: save, busy } = useUpdateCopySettings();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const minError = amountError(minimum, MIN_COPY);
    if (minError) next.minCopyAmount = minError;
    if (!/^\d+$/.test(maximum.trim()) || !withinRange(MAX_COPIERS, Number(maximum))) next.maxCopiers = `Enter a whole number from ${rangeHint(MAX_COPIERS)}`;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    const patch: Partial<TraderCopySettings> = {};
    if (normalizeAmount(minimum) !== initial.minCopyAmount) patch.minCopyAmount = normalizeAmount(minimum);
    if (Number(maximum) !== initial.maxCopiers) patch.maxCopiers = Number(maximum);
    if (Object.keys(patch).length === 0) {
      toast.info('No changes to update');
      return;
    }
    try {
      await save(patch);
      toast.success('Copy settings updated');
    } catch (error) {
      setErrors(fieldErrors(error, ['minCopyAmount', 'maxCopiers']));
      setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Copy settings">
      <h3>Copy settings</h3>
      <FormError message={formError} />
      <div className="form-grid form-grid--3">
        <TextField label="Minimum copy (USD)" inputMode="decimal" value={minimum} onChange={(e) => setMinimum(e.target.value)} error={errors.minCopyAmount} hint={`At least ${formatMoney(MIN_COPY)}`} />
        <TextField label="Maximum copiers" inputMode="numeric" value={maximum} onChange={(e) => setMaximum(e.target.value)} error={errors.maxCopiers} hint="With as many copiers you show as Full" />
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save copy settings'}
      </Button>
    </form>
  );
}
