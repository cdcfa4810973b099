import { Button } from '../../../components/ui/button';
import { api, type ApiBody } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { AMOUNT, rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { useMutation } from '../../../lib/use-mutation';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { rule } from '../../../lib/input-rules';
import { formatMoney, MIN_COPY } from '../../../lib/money';

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
type SettingsValues = { minCopyAmount: string; maxCopiers: string };
/**
 * The copy settings' checks: UpdateTraderSettingsDto's amount pattern and maxCopiers range; its minCopyAmount has no
 * generated least amount, so the least a follow takes (FollowTraderDto's x-minimum-amount) stands in.
 */
export const copySettingsResolver = rulesResolver<'UpdateTraderSettingsDto', SettingsValues>('UpdateTraderSettingsDto', {
  minCopyAmount: { ...AMOUNT, rule: { ...rule('UpdateTraderSettingsDto', 'minCopyAmount'), 'x-minimum-amount': MIN_COPY } },
  maxCopiers: { required: 'Enter the maximum copiers', whole: true },
});

export function TraderCopySettingsForm({ initial }: { initial: TraderCopySettings }) {
  const { register, handleSubmit, setError, formState } = useForm<SettingsValues>({
    defaultValues: { minCopyAmount: initial.minCopyAmount, maxCopiers: String(initial.maxCopiers) },
    resolver: copySettingsResolver,
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: save, busy } = useUpdateCopySettings();

  async function onSubmit(v: SettingsValues) {
    setFormError(null);
    const patch: Partial<TraderCopySettings> = {};
    if (v.minCopyAmount !== initial.minCopyAmount) patch.minCopyAmount = v.minCopyAmount;
    if (Number(v.maxCopiers) !== initial.maxCopiers) patch.maxCopiers = Number(v.maxCopiers);
    if (Object.keys(patch).length === 0) {
      toast.info('No changes to update');
      return;
    }
    try {
      await save(patch);
      toast.success('Copy settings updated');
    } catch (error) {
      setServerErrors(setError, error, ['minCopyAmount', 'maxCopiers']);
      setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Copy settings">
      <h3>Copy settings</h3>
      <FormError message={formError} />
      <div className="form-grid form-grid--3">
        <TextField label="Minimum copy (USD)" inputMode="decimal" {...register('minCopyAmount')} error={errors.minCopyAmount?.message} hint={`At least ${formatMoney(MIN_COPY)}`} />
        <TextField label="Maximum copiers" inputMode="numeric" {...register('maxCopiers')} error={errors.maxCopiers?.message} hint="With as many copiers you show as Full" />
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save copy settings'}
      </Button>
    </form>
  );
}
