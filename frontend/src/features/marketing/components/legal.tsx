import { Link } from 'react-router-dom';

export function Terms() {
  return (
    <div className="container page page--narrow">
      <header className="page__header">
        <h1>Terms of Service</h1>
      </header>
      <section className="stack">
        <p>
          Mirrorline lets you copy the trades of other users in proportion to the amount you allocate. By opening an account you confirm
          that you are of legal age where you live, that the information you give us is true, and that copy trading is legal for you.
        </p>
        <h2>Your account</h2>
        <p>
          Keep your password private. You are responsible for what happens under your account. We may block an account that breaks these
          terms or the law, after which its open copies stop and its cash can be withdrawn.
        </p>
        <h2>Money and risk</h2>
        <p>
          Balances are held in US dollars. Deposits and withdrawals are reviewed before they are credited or paid out. Copied trades can
          lose money; past results of a trader do not promise future ones. Mirrorline gives no investment advice.
        </p>
        <h2>Fees</h2>
        <p>
          A trader may take a profit share on the gains of the copies of their trades; the share is shown on the trader&apos;s page before
          you copy.
        </p>
        <h2>Contact</h2>
        <p>
          Questions about these terms: use the <Link to="/contactus">contact form</Link>.
        </p>
      </section>
    </div>
  );
}

export function Privacy() {
  return (
    <div className="container page page--narrow">
      <header className="page__header">
        <h1>Privacy Policy</h1>
      </header>
      <section className="stack">
        <p>
          We keep what we need to run your account: your name, email address, password (as a one-way hash), balances, transactions,
          copies and the identity documents you send for KYC verification.
        </p>
        <h2>How it is used</h2>
        <p>
          To sign you in, move money, copy trades, verify your identity and answer your messages. We do not sell personal data and we do
          not load third-party trackers.
        </p>
        <h2>Cookies</h2>
        <p>
          A sign-in cookie keeps your session (httpOnly, not readable by scripts), and a second cookie, <code>ml_session</code>, only says
          that such a session exists so that the site knows whether to restore it.
        </p>
        <h2>Your rights</h2>
        <p>
          You can read and correct your data in the account settings and delete your account there. For anything else, use the{' '}
          <Link to="/contactus">contact form</Link>.
        </p>
      </section>
    </div>
  );
}
