import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import { AsyncBlock } from '../../../components/ui/states';
import { useAdminDetails, type AdminDetails, type AdminQueue } from '../api/get-admin-details';
import { ContactMessages } from './contact-messages';

function humanize(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

const MONEY_KEY = /balance|amount|total|deposit|withdraw|equity|cash|held|volume|pnl|fees/i;
const MONEY_VALUE = /^-?\d+\.\d{2}$/;

/** Flattens the admin_details answer (its exact shape belongs to the users context) into labelled figures. */
export function flattenDetails(data: object, prefix = ''): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const [k, v] of Object.entries(data)) {
    const label = prefix ? `${prefix} · ${humanize(k)}` : humanize(k);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(...flattenDetails(v as object, label));
    else if (typeof v === 'number') out.push({ label, value: v.toLocaleString() });
    else if (typeof v === 'string') out.push({ label, value: MONEY_KEY.test(k) && MONEY_VALUE.test(v) ? formatMoney(v) : v });
    else if (typeof v === 'boolean') out.push({ label, value: v ? 'Yes' : 'No' });
  }
  return out;
}

/** The overview's queue tiles: what waits for an admin, each linking to the screen where it is decided. */
const QUEUES: { queue: AdminQueue; label: string; to: string; what: string }[] = [
  { queue: 'kycPending', label: 'KYC to review', to: '/admindashboard/kyc', what: 'identity documents waiting for a decision' },
  { queue: 'pendingDeposits', label: 'Deposits to decide', to: '/admindashboard/transactionmanagement', what: 'deposit requests to approve or reject' },
  { queue: 'pendingWithdrawals', label: 'Withdrawals to decide', to: '/admindashboard/transactionmanagement', what: 'withdrawals to pay out or reject' },
  { queue: 'pendingApprovals', label: 'Approvals (four eyes)', to: '/admindashboard/usermanagement', what: "another admin's requests waiting for your approval" },
];

function QueueTiles({ details }: { details: AdminDetails }) {
  return (
    <nav aria-label="Queues">
      <ul className="grid grid--4 queue-tiles">
        {QUEUES.map((q) => {
          const waiting = details[q.queue] ?? 0;
          return (
            <li key={q.queue}>
              <Link className={`card card--link stat-card${waiting > 0 ? ' is-waiting' : ''}`} to={q.to}>
                <span className="stat-card__label">{q.label}</span>
                <strong className="stat-card__value">
                  {waiting.toLocaleString()}
                  <span className="visually-hidden"> waiting</span>
                </strong>
                <span className="muted small">{q.what}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function AdminOverview() {
  const { data, error, isLoading, mutate } = useAdminDetails();
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Admin Dashboard</h1>
        <p className="muted">Platform figures at a glance.</p>
      </header>
      <AsyncBlock data={data} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading figures">
        {(d) => {
          const figures = flattenDetails(d);
          return figures.length === 0 ? (
            <p className="muted">No figures yet.</p>
          ) : (
            <>
            <QueueTiles details={d} />
            <div className="grid grid--4">
              {figures.map((f) => (
                <div key={f.label} className="card stat-card">
                  <span className="stat-card__label">{f.label}</span>
                  <strong className="stat-card__value">{f.value}</strong>
                </div>
              ))}
            </div>
            </>
          );
        }}
      </AsyncBlock>
      <div className="grid grid--3">
        <Link className="card card--link" to="/admindashboard/usermanagement"><h2>User Management</h2><p className="muted">Roles, balances, KYC, blocking.</p></Link>
        <Link className="card card--link" to="/admindashboard/transactionmanagement"><h2>Transaction Management</h2><p className="muted">Approve or reject deposits and withdrawals.</p></Link>
        <Link className="card card--link" to="/admindashboard/walletmanagement"><h2>Wallet Management</h2><p className="muted">Balances, platform totals and the ledger check.</p></Link>
      </div>
      <ContactMessages />
      <p className="muted small">
        Acting for a trader: <Link to="/trademanagement">Trade management</Link> · <Link to="/followers">Followers</Link>
      </p>
    </div>
  );
}
