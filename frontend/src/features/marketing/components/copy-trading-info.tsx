import { Link } from 'react-router-dom';
import { formatMoney, MIN_COPY } from '../../../lib/money';

export function CopyTradingInfo() {
  return (
    <div className="container page">
      <header className="page__header">
        <p className="eyebrow">CopyTrading</p>
        <h1>How copy trading works on Mirrorline</h1>
        <p className="lead muted">Follow a trader with an amount. Each of their trades is mirrored in your account, in proportion.</p>
      </header>
      <div className="grid grid--3">
        <section className="card">
          <h2>1. Allocate</h2>
          <p>Choose a trader and an amount (at least {formatMoney(MIN_COPY)}). The amount moves from your available balance to the copy’s equity.</p>
        </section>
        <section className="card">
          <h2>2. Mirror</h2>
          <p>
            When the trader opens a trade committing, say, 10% of equity, 10% of your copy’s free equity is committed to the same trade.
            Markets: Forex, Crypto and Stocks.
          </p>
        </section>
        <section className="card">
          <h2>3. Settle</h2>
          <p>When the trader closes, your position settles with the same percentage gain or loss, and the equity becomes free again.</p>
        </section>
      </div>
      <section className="card mt">
        <h2>An example</h2>
        <p>
          You copy a trader with $1,000.00. They buy EURUSD at 1.1000 with a 20% allocation: your position is $200.00. They close at 1.1110,
          a 1.00% move: your position earns $2.00, and your copy equity becomes $1,002.00. If the trader’s profit share is 20%, $0.40 of that
          new gain goes to the trader.
        </p>
      </section>
      <section className="card mt">
        <h2>Controls</h2>
        <ul className="list">
          <li><strong>Pause</strong> — new trades are not copied; open positions continue.</li>
          <li><strong>Stop</strong> — nothing new is copied; when the open positions close, the remaining equity returns to your balance.</li>
          <li><strong>Add funds / withdraw</strong> — change the equity of a copy at any time (free equity only).</li>
          <li><strong>Stop-loss</strong> — an optional percentage limit on the loss of a copy.</li>
        </ul>
      </section>
      <p className="page__cta">
        <Link to="/traders" className="btn btn--primary">Find a trader</Link>
      </p>
    </div>
  );
}
