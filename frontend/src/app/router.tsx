import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PersistGate, RequireRole, ALL_ROLES } from '../lib/authorization';
import { AuthLayout, DashboardLayout, RootLayout, SiteLayout } from '../components/layouts/layouts';
import { NotFound } from '../components/errors/not-found';
import { Home } from '../features/marketing/components/home';

// Code-split: everything but the home page loads on demand; the dashboards are separate chunks.
const auth = () => import('./routes/auth-screens');
const info = () => import('./routes/info-screens');
const traders = () => import('./routes/trader-screens');
const user = () => import('./routes/user-dashboard');
const trader = () => import('./routes/trader-area');
const admin = () => import('./routes/admin-dashboard');

const SignIn = lazy(() => auth().then((m) => ({ default: m.SignInScreen })));
const Register = lazy(() => auth().then((m) => ({ default: m.RegisterScreen })));
const Otp = lazy(() => auth().then((m) => ({ default: m.OtpScreen })));
const Forgot = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordScreen })));
const About = lazy(() => info().then((m) => ({ default: m.AboutScreen })));
const Contact = lazy(() => info().then((m) => ({ default: m.ContactScreen })));
const CopyTrading = lazy(() => info().then((m) => ({ default: m.CopyTradingScreen })));
const Traders = lazy(() => traders().then((m) => ({ default: m.TradersScreen })));
const TraderInfo = lazy(() => traders().then((m) => ({ default: m.TraderInfoScreen })));
const Overview = lazy(() => user().then((m) => ({ default: m.OverviewScreen })));
const Trades = lazy(() => user().then((m) => ({ default: m.TradesScreen })));
const Wallet = lazy(() => user().then((m) => ({ default: m.WalletScreen })));
const Settings = lazy(() => user().then((m) => ({ default: m.AccountSettingsScreen })));
const Kyc = lazy(() => user().then((m) => ({ default: m.KycScreen })));
const MfaEnrolment = lazy(() => import('../features/security/components/mfa-enrolment').then((m) => ({ default: m.MfaEnrolment })));
const Security = lazy(() => import('../features/security/components/security-settings').then((m) => ({ default: m.SecuritySettings })));
const TradeManagement = lazy(() => trader().then((m) => ({ default: m.TradeManagementScreen })));
const Followers = lazy(() => trader().then((m) => ({ default: m.FollowersScreen })));
const AdminOverview = lazy(() => admin().then((m) => ({ default: m.AdminOverviewScreen })));
const UserManagement = lazy(() => admin().then((m) => ({ default: m.UserManagementScreen })));
const TransactionManagement = lazy(() => admin().then((m) => ({ default: m.TransactionManagementScreen })));
const WalletManagement = lazy(() => admin().then((m) => ({ default: m.WalletManagementScreen })));

/** Routes exactly as seed §2 lists them. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<AuthLayout />}>
          <Route path="signin" element={<SignIn />} />
          <Route path="register" element={<Register />} />
          <Route path="forgotpassword" element={<Forgot />} />
          <Route path="otpverification" element={<Otp />} />
        </Route>
        <Route element={<SiteLayout />}>
          <Route index element={<Home />} />
          <Route path="traders" element={<Traders />} />
          <Route path="aboutus" element={<About />} />
          <Route path="contactus" element={<Contact />} />
          <Route path="copytrading" element={<CopyTrading />} />
          <Route path="traderinfo/:id" element={<TraderInfo />} />
          <Route element={<PersistGate />}>
            <Route element={<RequireRole allowed={ALL_ROLES} />}>
              <Route path="userdashboard" element={<DashboardLayout />}>
                <Route index element={<Overview />} />
                <Route path="accountsettings" element={<Settings />} />
                <Route path="security" element={<Security />} />
                <Route path="wallet" element={<Wallet />} />
                <Route path="trades" element={<Trades />} />
                <Route path="kycverification" element={<Kyc />} />
              </Route>
              <Route path="settings/security" element={<MfaEnrolment />} />
            </Route>
            <Route element={<RequireRole allowed={['Admin', 'Trader']} />}>
              <Route element={<DashboardLayout />}>
                <Route path="trademanagement" element={<TradeManagement />} />
                <Route path="followers" element={<Followers />} />
              </Route>
            </Route>
            <Route element={<RequireRole allowed={['Admin']} />}>
              <Route path="admindashboard" element={<DashboardLayout />}>
                <Route index element={<AdminOverview />} />
                <Route path="usermanagement" element={<UserManagement />} />
                <Route path="transactionmanagement" element={<TransactionManagement />} />
                <Route path="walletmanagement" element={<WalletManagement />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
