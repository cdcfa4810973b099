export { TradersList as TradersScreen } from '../../features/traders/components/traders-list';
export { TraderDetails as TraderInfoScreen } from '../../features/traders/components/trader-details';
