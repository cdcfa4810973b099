import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../../components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useTraders } from '../api/get-traders';

/** The API's page-size maximum: the picker lists up to this many traders. */
const PICKER_LIMIT = 100;

/**
 * The Admin's choice of trader on /trademanagement and /followers (the API needs `?traderId=` from an
 * Admin that has no trader profile of its own). `allowOwn`: the Admin is also a Trader and may act on its
 * own profile (value '').
 */
export function TraderPicker({ value, onChange, allowOwn, children }: { value: string; onChange: (traderId: string) => void; allowOwn: boolean; children?: ReactNode }) {
  const titleId = useId();
  const { page, error, isLoading, mutate } = useTraders({ sort: 'copiers', traderType: '', page: 1, limit: PICKER_LIMIT });
  const traders = page ? [...page.items].sort((a, b) => a.name.localeCompare(b.name)) : [];
  const known = !value || traders.some((t) => String(t.id) === value);
  let body: ReactNode;
  if (page === undefined && error) body = <ErrorState error={error} onRetry={() => void mutate()} />;
  else if (page === undefined) body = isLoading ? <LoadingState label="Loading traders" /> : null;
  else if (traders.length === 0 && !allowOwn)
    body = (
      <EmptyState title="No traders yet">
        Give a user the Trader role in <Link to="/admindashboard/usermanagement">User Management</Link> first.
      </EmptyState>
    );
  else
    body = (
      <SelectField label="Trader" value={value} onChange={(e) => onChange(e.target.value)} hint={page.total > traders.length ? `The first ${traders.length} of ${page.total} traders.` : undefined}>
        {allowOwn ? <option value="">My own trader profile</option> : <option value="" disabled>Choose a trader…</option>}
        {!known && <option value={value}>Trader #{value}</option>}
        {traders.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} (#{t.id})
          </option>
        ))}
      </SelectField>
    );
  return (
    <section className="card trader-picker" aria-labelledby={titleId}>
      <h2 id={titleId}>Acting for a trader</h2>
      <p className="muted small">As an admin you act on the trader you choose here; copiers of that trader follow every trade.</p>
      {body}
      {children}
    </section>
  );
}
