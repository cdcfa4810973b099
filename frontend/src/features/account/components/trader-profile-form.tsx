import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { rulesResolver, setServerErrors, wholePercent } from '../../../lib/form-rules';
import { useSession } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { AsyncBlock } from '../../../components/ui/states';
import { rangeHint, rule } from '../../../lib/input-rules';
import { useTraderProfile, type TraderProfile } from '../api/get-trader-profile';
import { useUpdateTraderProfile } from '../api/update-trader-profile';
import { Button } from '../../../components/ui/button';
import { TraderCopySettingsForm } from './trader-copy-settings';

const NAME = rule('UpdateTraderProfileDto', 'name');
const SHARE = rule('UpdateTraderProfileDto', 'share');
const MAX = {
  description: rule('UpdateTraderProfileDto', 'description').maxLength,
  strategySummary: rule('UpdateTraderProfileDto', 'strategySummary').maxLength,
  strategyExplanation: rule('UpdateTraderProfileDto', 'strategyExplanation').maxLength,
};
const TRADER_TYPES = ['ICT Trader', 'SMC Trader', 'Price Action Trader', 'Swing Trader', 'Scalper', 'Trend Follower', 'Algorithmic Trader'];

type ProfileValues = Pick<TraderProfile, 'name' | 'description' | 'traderType' | 'strategySummary' | 'strategyExplanation'> & { share: string };
const PROFILE_FIELDS = ['name', 'description', 'traderType', 'strategySummary', 'strategyExplanation', 'share'] as const;
const TEXT = { keepSpaces: true };

/** The profile's checks: UpdateTraderProfileDto's lengths (its messages from `ruleMessage`) and share range. */
export const profileResolver = rulesResolver<'UpdateTraderProfileDto', ProfileValues>('UpdateTraderProfileDto', {
  name: { required: 'Enter a display name' },
  share: wholePercent(SHARE),
  description: TEXT,
  strategySummary: TEXT,
  strategyExplanation: TEXT,
});

function ProfileForm({ initial }: { initial: TraderProfile }) {
  const { register, handleSubmit, setError, watch, formState } = useForm<ProfileValues>({
    defaultValues: {
      name: initial.name,
      description: initial.description,
      traderType: initial.traderType,
      strategySummary: initial.strategySummary,
      strategyExplanation: initial.strategyExplanation,
      share: String(initial.share),
    },
    resolver: profileResolver,
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: save, busy } = useUpdateTraderProfile();
  const traderType = watch('traderType');

  async function onSubmit(v: ProfileValues) {
    setFormError(null);
    const patch: Partial<TraderProfile> = {};
    if (v.name !== initial.name) patch.name = v.name;
    if (v.description !== initial.description) patch.description = v.description;
    if (v.traderType !== initial.traderType && v.traderType) patch.traderType = v.traderType;
    if (v.strategySummary !== initial.strategySummary) patch.strategySummary = v.strategySummary;
    if (v.strategyExplanation !== initial.strategyExplanation) patch.strategyExplanation = v.strategyExplanation;
    if (Number(v.share) !== initial.share) patch.share = Number(v.share);
    if (Object.keys(patch).length === 0) {
      toast.info('No changes to update');
      return;
    }
    try {
      await save(patch);
      toast.success('Trader profile updated');
    } catch (error) {
      setServerErrors(setError, error, PROFILE_FIELDS);
      setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Trader profile">
      <FormError message={formError} />
      <div className="form-grid form-grid--3">
        <TextField label="Display name" maxLength={NAME.maxLength} {...register('name')} error={errors.name?.message} />
        <SelectField label="Trader type" {...register('traderType')} error={errors.traderType?.message}>
          {!TRADER_TYPES.includes(traderType) && <option value={traderType}>{traderType || 'Choose…'}</option>}
          {TRADER_TYPES.map((t) => (
            <option key={t} value={t}>{t}</option>
          ))}
        </SelectField>
        <TextField label="Profit share %" inputMode="numeric" {...register('share')} error={errors.share?.message} hint={`${rangeHint(SHARE)}, charged only on new gains`} />
      </div>
      <TextAreaField label="Description" rows={3} maxLength={MAX.description} {...register('description')} error={errors.description?.message} />
      <TextField label="Strategy summary" maxLength={MAX.strategySummary} {...register('strategySummary')} error={errors.strategySummary?.message} />
      <TextAreaField label="Strategy explanation" rows={5} maxLength={MAX.strategyExplanation} {...register('strategyExplanation')} error={errors.strategyExplanation?.message} />
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}

/** A trader's public profile, shown on the traders list and /traderinfo/:id. */
export function TraderProfileSection() {
  const session = useSession();
  const { profile, error, isLoading, mutate } = useTraderProfile(session.traderID);
  if (!session.isTrader) return null;
  return (
    <section className="card" aria-labelledby="trader-profile-title">
      <h2 id="trader-profile-title">Trader profile</h2>
      {session.traderID === null ? (
        <p className="muted">Your trader profile is being set up. Sign in again in a moment.</p>
      ) : (
        <AsyncBlock data={profile} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading profile">
          {(p) => (
            <>
              <ProfileForm initial={p} />
              <TraderCopySettingsForm initial={p} />
            </>
          )}
        </AsyncBlock>
      )}
    </section>
  );
}
