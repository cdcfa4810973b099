import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { EmptyState, InlineError, LoadingState } from '../../../components/ui/states';
import { disableMfa, useMfaStatus } from '../api/mfa';
import { revokeOtherSessions, revokeSession, useSessions } from '../api/sessions';
import { createApiToken, revokeApiToken, useApiTokens, type TokenScope } from '../api/api-tokens';
import { addWithdrawalAddress, deleteWithdrawalAddress, useWithdrawalAddresses } from '../api/addresses';

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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onDisable(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFormError(null);
    try {
      await disableMfa(password, code.trim());
      toast.success('Two-factor authentication is off');
      setPassword('');
      setCode('');
      void mutate();
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setBusy(false);
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
            <button type="submit" className="btn" disabled={busy || !password || !code.trim()}>
              Turn off
            </button>
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

export function SessionsPanel() {
  const { data, error, mutate } = useSessions();
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast.success(done);
      void mutate();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }
  return (
    <section className="card" aria-label="Sessions">
      <h2>Sessions</h2>
      {error ? (
        <InlineError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <>
          <table className="table" aria-label="Sessions list">
            <thead>
              <tr>
                <th>Device</th>
                <th>IP</th>
                <th>Signed in</th>
                <th>Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.items.map((s) => (
                <tr key={s.id} aria-label={`Session ${s.userAgent ?? 'unknown device'}`}>
                  <td>
                    {s.userAgent ?? 'Unknown device'} {s.current && <strong>(this device)</strong>}
                  </td>
                  <td>{s.ip ?? '—'}</td>
                  <td>{when(s.createdAt)}</td>
                  <td>{when(s.lastUsedAt)}</td>
                  <td>
                    {!s.current && (
                      <button type="button" className="btn btn--small" onClick={() => void run(() => revokeSession(s.id), 'Session signed out')}>
                        Sign out
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="btn" onClick={() => void run(revokeOtherSessions, 'Every other session was signed out')}>
            Sign out everywhere else
          </button>
        </>
      )}
    </section>
  );
}

export function ApiTokensPanel() {
  const { data, error, mutate } = useApiTokens();
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
      const result = await createApiToken(name.trim(), scopes);
      setCreated(result.token);
      setName('');
      void mutate();
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
        <TextField label="Token name" value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        <label className="checkbox">
          <input type="checkbox" checked={trade} onChange={(e) => setTrade(e.target.checked)} />
          Allow trading (follow, fund, pause and stop copies; open and close trades)
        </label>
        <button type="submit" className="btn">
          Create token
        </button>
      </form>
      {error ? (
        <InlineError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingState />
      ) : data.items.length === 0 ? (
        <EmptyState title="No API tokens" />
      ) : (
        <ul aria-label="API token list">
          {data.items.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong> <code>{t.prefix}…</code> ({t.scopes.join(', ')}), last used {when(t.lastUsedAt)}{' '}
              <button
                type="button"
                className="btn btn--small"
                onClick={() =>
                  void revokeApiToken(t.id).then(
                    () => void mutate(),
                    (err: unknown) => toast.error(errorMessage(err)),
                  )
                }
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AddressesPanel() {
  const { data, error, mutate } = useWithdrawalAddresses();
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
      await addWithdrawalAddress(label.trim(), destination.trim(), mfa.data?.enabled ? code.trim() : undefined);
      toast.success('Address saved: usable after the waiting period');
      setLabel('');
      setDestination('');
      setCode('');
      void mutate();
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card" aria-label="Withdrawal addresses">
      <h2>Withdrawal addresses</h2>
      <p className="muted small">Withdrawals go only to saved addresses. A new address can be used 24 hours after it is added.</p>
      <form onSubmit={onAdd} noValidate aria-label="Add withdrawal address">
        <FormError message={formError} />
        <TextField label="Label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={64} />
        <TextField label="Destination" placeholder="IBAN or wallet address" value={destination} onChange={(e) => setDestination(e.target.value)} maxLength={200} />
        {mfa.data?.enabled && <TextField label="Authenticator code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
        <button type="submit" className="btn">
          Save address
        </button>
      </form>
      {error ? (
        <InlineError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingState />
      ) : data.items.length === 0 ? (
        <EmptyState title="No saved addresses" />
      ) : (
        <ul aria-label="Saved addresses">
          {data.items.map((a) => (
            <li key={a.id}>
              <strong>{a.label}</strong>: <code>{a.destination}</code>{' '}
              {new Date(a.usableAt) > new Date() ? `usable from ${when(a.usableAt)}` : 'usable'}{' '}
              <button
                type="button"
                className="btn btn--small"
                onClick={() =>
                  void deleteWithdrawalAddress(a.id).then(
                    () => void mutate(),
                    (err: unknown) => toast.error(errorMessage(err)),
                  )
                }
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
