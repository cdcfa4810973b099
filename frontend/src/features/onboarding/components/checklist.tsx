import { copyKeys, walletKeys } from '../../../lib/query-keys';
import { Link } from 'react-router-dom';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/auth-session';
import { toCents } from '../../../lib/money';

interface Step {
  label: string;
  done: boolean;
  to?: string;
  action?: string;
}

/**
 * The overview's "Get started" checklist — verify email → KYC → deposit → copy a trader — shown until
 * every step is done. Each step reads the live state (token, wallet, copies), not a stored flag.
 */
export function OnboardingChecklist() {
  const session = useSession();
  const wallet = useApi(walletKeys.balance());
  const copies = useApi(copyKeys.mine());
  if (!wallet.data || !copies.data) return null;
  const copyCount = copies.data.length;
  const funded =
    (toCents(wallet.data.balance) ?? 0n) > 0n ||
    (toCents(wallet.data.tradingBalance) ?? 0n) > 0n ||
    wallet.data.transactions.some((t) => t.type === 'deposit' && t.status === 'Approved');
  const steps: Step[] = [
    { label: 'Verify your email', done: session.user?.verified ?? true },
    { label: 'Verify your identity (KYC)', done: session.KYCstatus, to: '/userdashboard/kycverification', action: 'Start KYC' },
    { label: 'Deposit funds', done: funded, to: '/userdashboard/wallet', action: 'Deposit' },
    { label: 'Copy a trader', done: copyCount > 0, to: '/traders', action: 'Find a trader' },
  ];
  if (steps.every((s) => s.done)) return null;
  const next = steps.find((s) => !s.done);
  return (
    <section className="card" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">Get started</h2>
      <ol className="checklist" aria-label="Getting started steps">
        {steps.map((s) => (
          <li key={s.label} className={s.done ? 'is-done' : ''}>
            <span aria-hidden="true">{s.done ? '✓' : '○'}</span> {s.label}
            <span className="visually-hidden">{s.done ? ' (done)' : ' (to do)'}</span>
            {!s.done && s === next && s.to && (
              <>
                {' — '}
                <Link to={s.to}>{s.action}</Link>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
