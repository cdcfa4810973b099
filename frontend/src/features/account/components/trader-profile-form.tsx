import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { AsyncBlock } from '../../../components/ui/states';
import { rangeHint, rule, withinRange } from '../../../lib/input-rules';
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

function ProfileForm({ initial }: { initial: TraderProfile }) {
  const [v, setV] = useState({ ...initial, share: String(initial.share) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: save, busy } = useUpdateTraderProfile();
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (v.name.trim().length < NAME.minLength!) next.name = `Use at least ${NAME.minLength} characters`;
    if (!/^\d+$/.test(v.share.trim()) || !withinRange(SHARE, Number(v.share))) next.share = `Enter a whole percentage from ${rangeHint(SHARE)}`;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    const patch: Partial<TraderProfile> = {};
    if (v.name.trim() !== initial.name) patch.name = v.name.trim();
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
      setErrors(fieldErrors(error, ['name', 'description', 'traderType', 'strategySummary', 'strategyExplanation', 'share']));
      setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Trader profile">
      <FormError message={formError} />
      <div className="form-grid form-grid--3">
        <TextField label="Display name" maxLength={NAME.maxLength} value={v.name} onChange={set('name')} error={errors.name} />
        <SelectField label="Trader type" value={v.traderType} onChange={set('traderType')} error={errors.traderType}>
          {!TRADER_TYPES.includes(v.traderType) && <option value={v.traderType}>{v.traderType || 'Choose…'}</option>}
          {TRADER_TYPES.map((t) => (
            <option key={t} value={t}>{t}</option>
          ))}
        </SelectField>
        <TextField label="Profit share %" inputMode="numeric" value={v.share} onChange={set('share')} error={errors.share} hint={`${rangeHint(SHARE)}, charged only on new gains`} />
      </div>
      <TextAreaField label="Description" rows={3} maxLength={MAX.description} value={v.description} onChange={set('description')} error={errors.description} />
      <TextField label="Strategy summary" maxLength={MAX.strategySummary} value={v.strategySummary} onChange={set('strategySummary')} error={errors.strategySummary} />
      <TextAreaField label="Strategy explanation" rows={5} maxLength={MAX.strategyExplanation} value={v.strategyExplanation} onChange={set('strategyExplanation')} error={errors.strategyExplanation} />
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
