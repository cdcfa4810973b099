import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { EmptyState } from '../../components/ui/states';
import { TradeDesk } from '../../features/trade-desk/components/trade-desk';
import { FollowersPage } from '../../features/followers/components/followers-page';
import { TraderPicker } from '../../features/traders/components/trader-picker';

/**
 * Which trader /trademanagement and /followers act for. A Trader: its own profile (no picker). An Admin:
 * the trader chosen in the picker, kept in `?traderId=` (the API requires it of an Admin without a trader
 * profile); an Admin that is also a Trader may stay on its own profile.
 */
function useTraderScope(other: { to: string; label: string }) {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  if (!session.isAdmin) return { traderId: undefined, picker: null, mustChoose: false };
  const traderId = params.get('traderId') ?? '';
  const picker = (
    <TraderPicker
      value={traderId}
      allowOwn={session.isTrader}
      onChange={(id) => setParams(id ? { traderId: id } : {}, { replace: true })}
    >
      {traderId && (
        <p className="small">
          <Link to={`${other.to}?traderId=${encodeURIComponent(traderId)}`}>{other.label}</Link>
        </p>
      )}
    </TraderPicker>
  );
  return { traderId: traderId || undefined, picker, mustChoose: !traderId && !session.isTrader };
}

function ChooseTrader({ title, picker }: { title: string; picker: ReactNode }) {
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>{title}</h1>
      </header>
      {picker}
      <section className="card">
        <EmptyState title="Choose a trader">Pick the trader to act for above; their data appears here.</EmptyState>
      </section>
    </div>
  );
}

export function TradeManagementScreen() {
  const { traderId, picker, mustChoose } = useTraderScope({ to: '/followers', label: 'Followers of this trader' });
  if (mustChoose) return <ChooseTrader title="Trade management" picker={picker} />;
  // a new trader starts on page 1 with fresh forms
  return <TradeDesk key={traderId ?? 'own'} traderId={traderId} scope={picker} />;
}

export function FollowersScreen() {
  const { traderId, picker, mustChoose } = useTraderScope({ to: '/trademanagement', label: 'Trades of this trader' });
  if (mustChoose) return <ChooseTrader title="Followers" picker={picker} />;
  return <FollowersPage key={traderId ?? 'own'} traderId={traderId} scope={picker} />;
}
