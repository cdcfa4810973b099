import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { EmptyState, InlineError, LoadingState } from '../../../components/ui/states';
import { DataTable } from '../../../components/ui/data-table';
import { rule } from '../../../lib/input-rules';
import { formatTimeLeft } from '../../../lib/money';
import { describeDevice, maskAddress } from '../../../lib/device';
import { useDisableMfa, useMfaStatus } from '../api/mfa';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { useApiTokens, useCreateApiToken, useRevokeApiToken, type TokenScope } from '../api/api-tokens';
import { useAddWithdrawalAddress, useDeleteWithdrawalAddress, useWithdrawalAddresses } from '../api/addresses';
import { Button } from '../../../components/ui/button';

const TOKEN_NAME = rule('CreateApiTokenRequestDto', 'name');
const ADDRESS = { label: rule('WithdrawalAddressRequestDto', 'label'), destination: rule('WithdrawalAddressRequestDto', 'destination') };

type DisableValues = { password: string; code: string };
/** Turning 2FA off: DisableMfaRequestDto has no generated rule, so LoginRequestDto's password stands in; the code may be a recovery code, so only its presence is checked. */
export const disableMfaResolver = rulesResolver<'LoginRequestDto', DisableValues>('LoginRequestDto', {
  password: { required: 'Enter your password', keepSpaces: true },
  code: { required: 'Enter a code from your authenticator app, or a recovery code', rule: {} },
});

type TokenValues = { name: string; trade: boolean };
/** A token's name: CreateApiTokenRequestDto's length. */
export const apiTokenResolver = rulesResolver<'CreateApiTokenRequestDto', TokenValues>('CreateApiTokenRequestDto', { name: { required: 'Give the token a name' } });

type AddressValues = { label: string; destination: string; code: string };
/** A withdrawal address: WithdrawalAddressRequestDto's lengths; the code (a header, no DTO) only with 2FA on, only its presence. */
export const addressResolver = (twoFactor: boolean) =>
  rulesResolver<'WithdrawalAddressRequestDto', AddressValues>('WithdrawalAddressRequestDto', {
    label: { required: 'Enter a label' },
    destination: { required: 'Enter a destination' },
    ...(twoFactor ? { code: { required: 'Enter the 6-digit code from your authenticator app' } } : {}),
  });

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** Settings → Security (product.md §10): 2FA, sessions, personal API tokens, withdrawal addresses. */
export function SecuritySettings() {
  return (
    <div className="stack">
      <header className="page__header">
        <h1>Security</h1>
      </header>
      <TwoFactorPanel />
      <SessionsPanel />
      <ApiTokensPanel />
      <AddressesPanel />
    </div>
  );
}

export function TwoFactorPanel() {
  const { data, error, mutate } = useMfaStatus();
  const { trigger: disable, busy } = useDisableMfa();
  const { register, handleSubmit, reset, watch, formState } = useForm<DisableValues>({ defaultValues: { password: '', code: '' }, resolver: disableMfaResolver });
  const [formError, setFormError] = useState<string | null>(null);
  const [password, code] = watch(['password', 'code']);

  async function onDisable(body: DisableValues) {
    setFormError(null);
    try {
      await disable(body);
      toast.success('Two-factor authentication is off');
      reset();
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card" aria-label="Two-factor authentication">
      <h2>Two-factor authentication</h2>
      {error ? (
        <InlineError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingState />
      ) : data.enabled ? (
        <>
          <p>
            On. {data.recoveryCodesLeft} recovery code{data.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          <form onSubmit={(e) => void handleSubmit(onDisable)(e)} noValidate aria-label="Turn off two-factor authentication">
            <FormError message={formError} />
            <TextField label="Password" type="password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
            <TextField label="Code" autoComplete="one-time-code" {...register('code')} error={formState.errors.code?.message} />
            <Button writes type="submit" variant="ghost" disabled={busy || !password || !code.trim()}>
              Turn off
            </Button>
          </form>
        </>
      ) : (
        <p>
          Off. <Link to="/settings/security">Turn on two-factor authentication</Link> to protect sign-ins and withdrawals.
        </p>
      )}
    </section>
  );
}

/** Runs a mutation from a button; a refusal becomes a toast. */
function toasting<V>(trigger: (v: V) => Promise<unknown>, done?: string) {
  return (v: V) =>
    void trigger(v).then(
      () => done && toast.success(done),
      (err: unknown) => toast.error(errorMessage(err)),
    );
}

export function SessionsPanel() {
  const { data, error, mutate } = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  return (
    <section className="card" aria-label="Sessions">
      <h2>Sessions</h2>
      {error ? (
        <InlineError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <>
          <DataTable
            label="Sessions list"
            columns={[
              {
                header: 'Device',
                cell: (s) => (
                  <span title={s.userAgent ?? undefined}>
                    {describeDevice(s.userAgent)} {s.current && <strong>(this device)</strong>}
                  </span>
                ),
              },
              { header: 'Address', cell: (s) => maskAddress(s.ip) },
              { header: 'Signed in', cell: (s) => when(s.createdAt) },
              { header: 'Last used', cell: (s) => when(s.lastUsedAt) },
              {
                header: 'Actions',
                hideHeader: true,
                className: 'actions',
                cell: (s) =>
                  !s.current && (
                    <Button writes variant="ghost" size="sm" disabled={revoke.busy} onClick={() => toasting(revoke.trigger, 'Session signed out')(s.id)}>
                      Sign out
                    </Button>
                  ),
              },
            ]}
            rows={data.items}
            rowKey={(s) => s.id}
            rowProps={(s) => ({ 'aria-label': `Session ${describeDevice(s.userAgent)}${s.current ? ', this device' : ''}` })}
          />
          <Button writes variant="ghost" disabled={revokeOthers.busy} onClick={() => toasting(revokeOthers.trigger, 'Every other session was signed out')()}>
            Sign out everywhere else
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * A saved list (API tokens, withdrawal addresses): loading, error, empty, then each item with a button
 * that removes it through its mutation hook (a refusal is a toast).
 */
function RemovableList<T extends { id: string }>({
  swr,
  label,
  emptyTitle,
  removeLabel,
  remove,
  children,
}: {
  swr: { data?: { items: T[] }; error?: unknown; mutate: () => unknown };
  label: string;
  emptyTitle: string;
  removeLabel: string;
  remove: { trigger: (id: string) => Promise<unknown>; busy: boolean };
  children: (item: T) => ReactNode;
}) {
  const { data, error, mutate } = swr;
  if (error) return <InlineError error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingState />;
  if (data.items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul aria-label={label}>
      {data.items.map((item) => (
        <li key={item.id}>
          {children(item)}{' '}
          <Button writes variant="ghost" size="sm" disabled={remove.busy} onClick={() => toasting(remove.trigger)(item.id)}>
            {removeLabel}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const { register, handleSubmit, setError, resetField, formState } = useForm<TokenValues>({ defaultValues: { name: '', trade: false }, resolver: apiTokenResolver });
  const [created, setCreated] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function onCreate({ name, trade }: TokenValues) {
    setFormError(null);
    try {
      const scopes: TokenScope[] = trade ? ['read', 'trade'] : ['read'];
      const result = await create.trigger({ name, scopes });
      setCreated(result.token);
      resetField('name');
    } catch (err) {
      setServerErrors(setError, err, ['name']);
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card" aria-label="API tokens">
      <h2>API tokens</h2>
      <p className="muted small">For your own programs: sent as Authorization: Bearer. No token can withdraw or change security settings.</p>
      {created && (
        <p className="notice" role="status">
          Copy this token now, it is not shown again: <code data-testid="new-api-token">{created}</code>
        </p>
      )}
      <form onSubmit={(e) => void handleSubmit(onCreate)(e)} noValidate aria-label="Create API token">
        <FormError message={formError} />
        <TextField label="Token name" {...register('name')} error={formState.errors.name?.message} maxLength={TOKEN_NAME.maxLength} />
        <CheckboxField label="Allow trading (follow, fund, pause and stop copies; open and close trades)" {...register('trade')} />
        <Button writes type="submit" variant="ghost" disabled={create.busy}>
          Create token
        </Button>
      </form>
      <RemovableList swr={tokens} label="API token list" emptyTitle="No API tokens" removeLabel="Revoke" remove={revoke}>
        {(t) => (
          <>
            <strong>{t.name}</strong> <code>{t.prefix}…</code> ({t.scopes.join(', ')}), last used {when(t.lastUsedAt)}
          </>
        )}
      </RemovableList>
    </section>
  );
}

export function AddressesPanel() {
  const addresses = useWithdrawalAddresses();
  const add = useAddWithdrawalAddress();
  const remove = useDeleteWithdrawalAddress();
  const mfa = useMfaStatus();
  const twoFactor = !!mfa.data?.enabled;
  const { register, handleSubmit, setError, reset, formState } = useForm<AddressValues>({ defaultValues: { label: '', destination: '', code: '' }, resolver: addressResolver(twoFactor) });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);

  async function onAdd({ label, destination, code }: AddressValues) {
    setFormError(null);
    try {
      await add.trigger({ label, destination, mfaCode: twoFactor ? code : undefined });
      toast.success('Address saved: usable after the waiting period');
      reset();
    } catch (err) {
      setServerErrors(setError, err, ['label', 'destination']);
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card" aria-label="Withdrawal addresses">
      <h2>Withdrawal addresses</h2>
      <p className="muted small">Withdrawals go only to saved addresses. A new address has a waiting period before it can be used; each address below says when.</p>
      <form onSubmit={(e) => void handleSubmit(onAdd)(e)} noValidate aria-label="Add withdrawal address">
        <FormError message={formError} />
        <TextField label="Label" {...register('label')} error={errors.label?.message} maxLength={ADDRESS.label.maxLength} />
        <TextField label="Destination" placeholder="IBAN or wallet address" {...register('destination')} error={errors.destination?.message} maxLength={ADDRESS.destination.maxLength} />
        {twoFactor && <TextField label="Authenticator code" autoComplete="one-time-code" {...register('code')} error={errors.code?.message} />}
        <Button writes type="submit" variant="ghost" disabled={add.busy}>
          Save address
        </Button>
      </form>
      <RemovableList swr={addresses} label="Saved addresses" emptyTitle="No saved addresses" removeLabel="Delete" remove={remove}>
        {(a) => (
          <>
            <strong>{a.label}</strong>: <code>{a.destination}</code> {formatTimeLeft(a.usableAt) ? `usable in ${formatTimeLeft(a.usableAt)} (${when(a.usableAt)})` : 'usable'}
          </>
        )}
      </RemovableList>
    </section>
  );
}
