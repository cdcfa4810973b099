import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  async function onDisable(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    try {
      await disable({ password, code: code.trim() });
      toast.success('Two-factor authentication is off');
      setPassword('');
      setCode('');
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
          <form onSubmit={onDisable} noValidate aria-label="Turn off two-factor authentication">
            <FormError message={formError} />
            <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <TextField label="Code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
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
  const [name, setName] = useState('');
  const [trade, setTrade] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setFormError('Give the token a name');
    setFormError(null);
    try {
      const scopes: TokenScope[] = trade ? ['read', 'trade'] : ['read'];
      const result = await create.trigger({ name: name.trim(), scopes });
      setCreated(result.token);
      setName('');
    } catch (err) {
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
      <form onSubmit={onCreate} noValidate aria-label="Create API token">
        <FormError message={formError} />
        <TextField label="Token name" value={name} onChange={(e) => setName(e.target.value)} maxLength={TOKEN_NAME.maxLength} />
        <CheckboxField label="Allow trading (follow, fund, pause and stop copies; open and close trades)" checked={trade} onChange={(e) => setTrade(e.target.checked)} />
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
  const [label, setLabel] = useState('');
  const [destination, setDestination] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  async function onAdd(e: FormEvent) {
    e.preventDefault();
    if (!label.trim() || !destination.trim()) return setFormError('Enter a label and a destination');
    setFormError(null);
    try {
      await add.trigger({ label: label.trim(), destination: destination.trim(), mfaCode: mfa.data?.enabled ? code.trim() : undefined });
      toast.success('Address saved: usable after the waiting period');
      setLabel('');
      setDestination('');
      setCode('');
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card" aria-label="Withdrawal addresses">
      <h2>Withdrawal addresses</h2>
      <p className="muted small">Withdrawals go only to saved addresses. A new address has a waiting period before it can be used; each address below says when.</p>
      <form onSubmit={onAdd} noValidate aria-label="Add withdrawal address">
        <FormError message={formError} />
        <TextField label="Label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={ADDRESS.label.maxLength} />
        <TextField label="Destination" placeholder="IBAN or wallet address" value={destination} onChange={(e) => setDestination(e.target.value)} maxLength={ADDRESS.destination.maxLength} />
        {mfa.data?.enabled && <TextField label="Authenticator code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
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
