import { Link } from 'react-router-dom';
import { Percent } from '../../../components/ui/money';
import { useTraders } from '../api/get-traders';

/**
 * The hero's card shows the trader with the best 30-day ROI as GET traders/ computes it (product.md §12.6: no
 * number the product did not compute). Nothing is shown while it loads, when it fails, or when nobody trades yet.
 */
export function TopTraderCard() {
  const { page } = useTraders({ sort: 'roi', traderType: '', page: 1, limit: 1 });
  const top = page?.items[0];
  if (!top || top.newTrader) return null;
  const days = top.dailyPnls;
  const largest = Math.max(...days.map((d) => Math.abs(d)), 0);
  return (
    <Link to={`/traderinfo/${top.id}`} className="hero__card" data-testid="hero-top-trader">
      <p className="hero__stat"><span>Top trader, 30 days</span><strong>{top.name}</strong></p>
      <p className="hero__stat"><span>30-day ROI</span><strong><Percent value={top.roi30d} /></strong></p>
      <p className="hero__stat"><span>Accuracy</span><strong>{top.tradingAccuracy.toFixed(0)}%</strong></p>
      {largest > 0 && (
        <div className="hero__bars" aria-hidden="true">
          {days.map((d, i) => (
            <span key={i} className={d < 0 ? 'neg' : undefined} style={{ height: `${Math.max(4, (Math.abs(d) / largest) * 100)}%` }} />
          ))}
        </div>
      )}
    </Link>
  );
}

