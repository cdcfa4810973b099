export { AdminOverview as AdminOverviewScreen } from '../../features/admin/components/admin-overview';
export { UserManagement as UserManagementScreen } from '../../features/admin/components/user-management';
export { TransactionManagement as TransactionManagementScreen } from '../../features/admin/components/transaction-management';
export { WalletManagement as WalletManagementScreen } from '../../features/admin/components/wallet-management';
export { KycQueue as KycQueueScreen } from '../../features/admin/components/kyc-queue';
