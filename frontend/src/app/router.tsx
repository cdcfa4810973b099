import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PersistGate, RequireRole, ALL_ROLES } from '../lib/authorization';
import { AuthLayout, DashboardLayout, RootLayout, SiteLayout } from '../components/layouts/layouts';
import { NotFound } from '../components/errors/not-found';
import { Home } from '../features/marketing/components/home';
import { TopTraderCard } from '../features/traders/components/top-trader-card';
import { Titled } from '../components/layouts/titled';

// Code-split: everything but the home page loads on demand; the dashboards are separate chunks.
const auth = () => import('./routes/auth-screens');
const info = () => import('./routes/info-screens');
const traders = () => import('./routes/trader-screens');
const user = () => import('./routes/user-dashboard');
const trader = () => import('./routes/trader-area');
const admin = () => import('./routes/admin-dashboard');
const markets = () => import('./routes/market-screens');

const SignIn = lazy(() => auth().then((m) => ({ default: m.SignInScreen })));
const Register = lazy(() => auth().then((m) => ({ default: m.RegisterScreen })));
const Otp = lazy(() => auth().then((m) => ({ default: m.OtpScreen })));
const Forgot = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordScreen })));
const About = lazy(() => info().then((m) => ({ default: m.AboutScreen })));
const Contact = lazy(() => info().then((m) => ({ default: m.ContactScreen })));
const Terms = lazy(() => info().then((m) => ({ default: m.TermsScreen })));
const Privacy = lazy(() => info().then((m) => ({ default: m.PrivacyScreen })));
const CopyTrading = lazy(() => info().then((m) => ({ default: m.CopyTradingScreen })));
const Traders = lazy(() => traders().then((m) => ({ default: m.TradersScreen })));
const TraderInfo = lazy(() => traders().then((m) => ({ default: m.TraderInfoScreen })));
const Markets = lazy(() => markets().then((m) => ({ default: m.MarketsScreen })));
const MarketDetail = lazy(() => markets().then((m) => ({ default: m.MarketDetailScreen })));
const Overview = lazy(() => user().then((m) => ({ default: m.OverviewScreen })));
const Trades = lazy(() => user().then((m) => ({ default: m.TradesScreen })));
const Wallet = lazy(() => user().then((m) => ({ default: m.WalletScreen })));
const Settings = lazy(() => user().then((m) => ({ default: m.AccountSettingsScreen })));
const NotificationsList = lazy(() => user().then((m) => ({ default: m.NotificationsScreen })));
const Kyc = lazy(() => user().then((m) => ({ default: m.KycScreen })));
const MfaEnrolment = lazy(() => import('../features/security/components/mfa-enrolment').then((m) => ({ default: m.MfaEnrolment })));
const Security = lazy(() => import('../features/security/components/security-settings').then((m) => ({ default: m.SecuritySettings })));
const TradeManagement = lazy(() => trader().then((m) => ({ default: m.TradeManagementScreen })));
const Followers = lazy(() => trader().then((m) => ({ default: m.FollowersScreen })));
const AdminOverview = lazy(() => admin().then((m) => ({ default: m.AdminOverviewScreen })));
const UserManagement = lazy(() => admin().then((m) => ({ default: m.UserManagementScreen })));
const TransactionManagement = lazy(() => admin().then((m) => ({ default: m.TransactionManagementScreen })));
const WalletManagement = lazy(() => admin().then((m) => ({ default: m.WalletManagementScreen })));
const KycQueue = lazy(() => admin().then((m) => ({ default: m.KycQueueScreen })));

/** Routes exactly as seed §2 lists them. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<AuthLayout />}>
          <Route path="signin" element={<Titled title="Sign in"><SignIn /></Titled>} />
          <Route path="register" element={<Titled title="Register"><Register /></Titled>} />
          <Route path="forgotpassword" element={<Titled title="Reset password"><Forgot /></Titled>} />
          <Route path="otpverification" element={<Titled title="Verify your email"><Otp /></Titled>} />
        </Route>
        <Route element={<SiteLayout />}>
          <Route index element={<Titled title=""><Home heroCard={<TopTraderCard />} /></Titled>} />
          <Route path="traders" element={<Titled title="Traders"><Traders /></Titled>} />
          <Route path="aboutus" element={<Titled title="About"><About /></Titled>} />
          <Route path="contactus" element={<Titled title="Contact"><Contact /></Titled>} />
          <Route path="terms" element={<Titled title="Terms of Service"><Terms /></Titled>} />
          <Route path="privacy" element={<Titled title="Privacy Policy"><Privacy /></Titled>} />
          <Route path="copytrading" element={<Titled title="Copy trading"><CopyTrading /></Titled>} />
          <Route path="markets" element={<Titled title="Markets"><Markets /></Titled>} />
          <Route path="markets/:symbol" element={<MarketDetail />} />
          <Route path="traderinfo/:id" element={<TraderInfo />} />
          <Route element={<PersistGate />}>
            <Route element={<RequireRole allowed={ALL_ROLES} />}>
              <Route path="userdashboard" element={<DashboardLayout />}>
                <Route index element={<Titled title="Overview"><Overview /></Titled>} />
                <Route path="accountsettings" element={<Titled title="Settings"><Settings /></Titled>} />
                <Route path="security" element={<Titled title="Security"><Security /></Titled>} />
                <Route path="wallet" element={<Titled title="Wallet"><Wallet /></Titled>} />
                <Route path="trades" element={<Titled title="Trades"><Trades /></Titled>} />
                <Route path="notifications" element={<Titled title="Notifications"><NotificationsList /></Titled>} />
                <Route path="kycverification" element={<Titled title="KYC verification"><Kyc /></Titled>} />
              </Route>
              <Route path="settings/security" element={<Titled title="Two-factor authentication"><MfaEnrolment /></Titled>} />
            </Route>
            <Route element={<RequireRole allowed={['Admin', 'Trader']} />}>
              <Route element={<DashboardLayout />}>
                <Route path="trademanagement" element={<Titled title="Trade management"><TradeManagement /></Titled>} />
                <Route path="followers" element={<Titled title="Followers"><Followers /></Titled>} />
              </Route>
            </Route>
            <Route element={<RequireRole allowed={['Admin']} />}>
              <Route path="admindashboard" element={<DashboardLayout />}>
                <Route index element={<Titled title="Admin dashboard"><AdminOverview /></Titled>} />
                <Route path="usermanagement" element={<Titled title="User management"><UserManagement /></Titled>} />
                <Route path="transactionmanagement" element={<Titled title="Transaction management"><TransactionManagement /></Titled>} />
                <Route path="walletmanagement" element={<Titled title="Wallet management"><WalletManagement /></Titled>} />
                <Route path="kyc" element={<Titled title="KYC queue"><KycQueue /></Titled>} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<Titled title="Page not found"><NotFound /></Titled>} />
        </Route>
      </Route>
    </Routes>
  );
}
