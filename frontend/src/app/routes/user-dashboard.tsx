import { Link } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { BalanceCards } from '../../features/wallet/components/balance-cards';
import { CopiesList } from '../../features/copies/components/copies-list';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel';
import { useDivergenceByCopy } from '../../features/trades/api/get-trades';
import { LivePortfolio } from '../../features/portfolio/components/live-portfolio';
import { EquityHistory } from '../../features/portfolio/components/equity-history';
import { useFirstVisit } from '../../lib/first-visit';
import { OnboardingChecklist } from '../../features/onboarding/components/checklist';

export { TradesPage as TradesScreen } from '../../features/trades/components/trades-page';
export { WalletPage as WalletScreen } from '../../features/wallet/components/wallet-page';
export { AccountSettings as AccountSettingsScreen } from '../../features/account/components/account-settings';
export { NotificationsPage as NotificationsScreen } from '../../features/notifications/components/notifications-page';
export { KycVerification as KycScreen } from '../../features/kyc/components/kyc-verification';

/** The user dashboard's index: balances, copies and notifications, composed from three features. */
export function OverviewScreen() {
  const session = useSession();
  const { divergence } = useDivergenceByCopy();
  const first = useFirstVisit(session.userId);
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>{first ? 'Welcome' : 'Welcome back'}, {session.user?.firstname || session.username}</h1>
        {session.impersonated && <p className="notice">You are acting as this user (impersonation).</p>}
      </header>
      {!session.KYCstatus && (
        <p className="notice" role="note">
          Verify your identity to deposit, withdraw and copy traders. <Link to="/userdashboard/kycverification">Start KYC verification</Link>
        </p>
      )}
      <OnboardingChecklist />
      <BalanceCards />
      <LivePortfolio />
      <EquityHistory />
      <CopiesList divergence={divergence} />
      <NotificationsPanel />
    </div>
  );
}
