import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/layouts/titled';
import { MarketsPage } from '../../features/markets/components/markets-page';
import { MarketDetail } from '../../features/markets/components/market-detail';

export const MarketsScreen = MarketsPage;
export function MarketDetailScreen() {
  const { symbol } = useParams();
  useDocumentTitle(symbol ? symbol.toUpperCase() : 'Market');
  return <MarketDetail />;
}
