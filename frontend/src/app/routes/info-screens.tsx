export { About as AboutScreen } from '../../features/marketing/components/about';
export { Contact as ContactScreen } from '../../features/marketing/components/contact';
export { CopyTradingInfo as CopyTradingScreen } from '../../features/marketing/components/copy-trading-info';
export { Terms as TermsScreen, Privacy as PrivacyScreen } from '../../features/marketing/components/legal';
