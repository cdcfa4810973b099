import { Link } from 'react-router-dom';

export function About() {
  return (
    <div className="container page">
      <header className="page__header">
        <p className="eyebrow">About us</p>
        <h1>Trading skill, shared fairly</h1>
        <p className="lead muted">
          Mirrorline connects people who want exposure to the markets with traders who have a track record worth following.
        </p>
      </header>
      <div className="grid grid--2">
        <section className="card">
          <h2>Our mission</h2>
          <p>
            Most people do not have the hours it takes to analyse markets. Good traders do — and they deserve to be rewarded for sharing
            their work. We built a platform where the rules are the same for everyone: statistics come from closed trades, positions are
            sized proportionally, and profit share is only paid on real new gains.
          </p>
        </section>
        <section className="card">
          <h2>How we keep your money safe</h2>
          <p>
            Every movement of funds is recorded twice in a double-entry ledger that can never be edited, only appended to. The ledger is
            checked continuously: the sum of all entries is always zero, and every balance you see is derived from it.
          </p>
        </section>
        <section className="card">
          <h2>Verified people</h2>
          <p>
            Every account confirms its email, and identity (KYC) verification is required before deposits, withdrawals and copying. Traders
            are reviewed before they appear on the traders list.
          </p>
        </section>
        <section className="card">
          <h2>Honest about risk</h2>
          <p>
            Copy trading does not remove market risk. We show drawdowns next to returns and never promise profits. Read the risk warning at
            the bottom of every page before you start.
          </p>
        </section>
      </div>
      <p className="page__cta">
        <Link to="/traders" className="btn btn--primary">Meet our traders</Link> <Link to="/contactus" className="btn btn--ghost">Contact us</Link>
      </p>
    </div>
  );
}
