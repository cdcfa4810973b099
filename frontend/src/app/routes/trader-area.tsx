export { TradeManagement as TradeManagementScreen } from '../../features/trade-management/components/trade-management';
export { FollowersPage as FollowersScreen } from '../../features/followers/components/followers-page';
