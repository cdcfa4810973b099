import type { Role } from '../../lib/auth-session';

export interface MenuItem {
  label: string;
  to: string;
  /** Match the path exactly (index routes). */
  end?: boolean;
  primary?: boolean;
  /** An admin queue whose waiting count the menu shows beside the label (admin_details). */
  queue?: 'kycPending';
}

export interface MenuSession {
  isLoggedIn: boolean;
  status: Role;
  KYCstatus: boolean;
}

/** The four menus of seed §2 "Navigation menus". Logout is added by the components when signed in. */
export function menuFor(session: MenuSession): MenuItem[] {
  if (!session.isLoggedIn) {
    return [
      { label: 'Get Started', to: '/register', primary: true },
      { label: 'Login', to: '/signin' },
      { label: 'CopyTrading', to: '/copytrading' },
      { label: 'Traders', to: '/traders' },
      { label: 'Markets', to: '/markets' },
      { label: 'About', to: '/aboutus' },
    ];
  }
  const kyc: MenuItem[] = session.KYCstatus ? [] : [{ label: 'KYC verification', to: '/userdashboard/kycverification' }];
  if (session.status === 'Admin') {
    return [
      { label: 'Admin Dashboard', to: '/admindashboard', end: true },
      { label: 'User Management', to: '/admindashboard/usermanagement' },
      { label: 'Transaction Management', to: '/admindashboard/transactionmanagement' },
      { label: 'Wallet Management', to: '/admindashboard/walletmanagement' },
      { label: 'KYC Queue', to: '/admindashboard/kyc', queue: 'kycPending' },
    ];
  }
  if (session.status === 'Trader') {
    return [
      { label: 'Overview', to: '/userdashboard', end: true },
      { label: 'Settings', to: '/userdashboard/accountsettings' },
      ...kyc,
      { label: 'Trades', to: '/userdashboard/trades' },
      { label: 'Wallet', to: '/userdashboard/wallet' },
      { label: 'Followers', to: '/followers' },
      { label: 'TradeManagement', to: '/trademanagement' },
    ];
  }
  return [
    { label: 'Overview', to: '/userdashboard', end: true },
    { label: 'Trades', to: '/userdashboard/trades' },
    { label: 'Wallet', to: '/userdashboard/wallet' },
    { label: 'Settings', to: '/userdashboard/accountsettings' },
    ...kyc,
  ];
}

export const PUBLIC_LINKS: MenuItem[] = [
  { label: 'CopyTrading', to: '/copytrading' },
  { label: 'Traders', to: '/traders' },
  { label: 'Markets', to: '/markets' },
  { label: 'About', to: '/aboutus' },
  { label: 'Contact', to: '/contactus' },
];

/** Routes without the top bar and footer (seed §2 "Layout rules"). */
export const AUTH_PATHS = ['/signin', '/register', '/forgotpassword', '/otpverification'];

export function isDashboardPath(pathname: string): boolean {
  return /^\/(userdashboard|admindashboard|trademanagement|followers)(\/|$)/.test(pathname);
}
