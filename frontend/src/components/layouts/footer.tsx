import { Link } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';

export function Footer() {
  const { isLoggedIn } = useSession();
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__brand">
          <Link to="/" className="brand brand--footer">
            <img src="/logo.svg" alt="" width="28" height="28" />
            <span>Mirrorline</span>
          </Link>
          <p className="muted">Copy the trades of proven traders, in proportion to what you put in.</p>
        </div>
        <nav aria-label="Footer" className="footer__links">
          <div>
            <h2 className="footer__heading">Product</h2>
            <ul>
              <li><Link to="/traders">Traders</Link></li>
              <li><Link to="/copytrading">CopyTrading</Link></li>
              {!isLoggedIn && (
                <>
                  <li><Link to="/register">Get Started</Link></li>
                  <li><Link to="/signin">Login</Link></li>
                </>
              )}
            </ul>
          </div>
          <div>
            <h2 className="footer__heading">Company</h2>
            <ul>
              <li><Link to="/aboutus">About</Link></li>
              <li><Link to="/contactus">Contact</Link></li>
              <li><Link to="/terms">Terms of Service</Link></li>
              <li><Link to="/privacy">Privacy Policy</Link></li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="container footer__legal">
        <p className="footer__terms">
          By using Mirrorline you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>. Mirrorline does not
          give investment advice.
        </p>
        <p className="footer__risk">
          Risk warning: trading foreign exchange, cryptocurrencies, stocks and other leveraged products carries a high level of risk and
          may not be suitable for every investor. Leverage works against you as well as for you, and you can lose some or all of the funds
          you put in; do not trade with money you cannot afford to lose. Copying a trader does not remove that risk: the trades copied to
          your account can lose money, and past performance of any trader or strategy is no guarantee of future results. Statistics shown
          on this site are computed from closed trades and may not reflect the results you would have had. Before you trade, make sure you
          understand the risks, seek independent advice if necessary, and check that copy trading and the instruments offered are legal
          where you live: it is your responsibility to comply with the laws of your country of residence.
        </p>
        <p className="footer__copy">© 2019 Mirrorline. All rights reserved.</p>
      </div>
    </footer>
  );
}
