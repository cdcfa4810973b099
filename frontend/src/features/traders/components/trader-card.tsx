import { Link } from 'react-router-dom';
import { PnlChart } from '../../../components/ui/pnl-chart';
import { Percent } from '../../../components/ui/money';
import type { Trader } from '../api/types';
import { TraderAvatar } from './trader-avatar';

export function TraderCard({ trader }: { trader: Trader }) {
  return (
    <article className="card trader-card" aria-labelledby={`trader-${trader.id}-name`}>
      <header className="trader-card__head">
        <TraderAvatar name={trader.name} image={trader.image} />
        <div>
          <h3 id={`trader-${trader.id}-name`} className="trader-card__name">{trader.name}</h3>
          <span className="badge badge--blue">{trader.traderType || 'Trader'}</span>
        </div>
      </header>
      {trader.description && <p className="muted trader-card__desc">{trader.description}</p>}
      <dl className="stats stats--3">
        <div>
          <dt>Accuracy</dt>
          <dd>{trader.tradingAccuracy.toFixed(0)}%</dd>
        </div>
        <div>
          <dt>ROI 30d</dt>
          <dd><Percent value={trader.roi30d} /></dd>
        </div>
        <div>
          <dt>Share</dt>
          <dd>{trader.share}%</dd>
        </div>
      </dl>
      <PnlChart labels={trader.dayLabels} values={trader.dailyPnls} compact title={`${trader.name}: daily PnL, last ten days`} height={56} />
      <footer className="trader-card__foot">
        <span className="muted small">{trader.followers} {trader.followers === 1 ? 'follower' : 'followers'}</span>
        <Link to={`/traderinfo/${trader.id}`} className="btn btn--outline btn--sm" aria-label={`View profile of ${trader.name}`}>
          View profile
        </Link>
      </footer>
    </article>
  );
}
