import { MarketsPage } from '../../features/markets/components/markets-page';
import { MarketDetail } from '../../features/markets/components/market-detail';

export const MarketsScreen = MarketsPage;
export const MarketDetailScreen = MarketDetail;
