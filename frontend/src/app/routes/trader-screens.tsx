import { TraderDetails, traderNotFound } from '../../features/traders/components/trader-details';
import { CopyPanel } from '../../features/copy-dialog/components/copy-panel';
import { TraderPerformanceSection } from '../../features/trader-performance/components/trader-performance';
import { TraderRecordSection } from '../../features/trader-record/components/trader-record';
import { PositionHistorySection } from '../../features/trader-record/components/position-history';
import { RiskSection } from '../../features/trader-record/components/risk-section';
import { AssetAllocation } from '../../features/traders/components/asset-allocation';
import { useParams } from 'react-router-dom';
import { useTrader } from '../../features/traders/api/get-trader';
import { useDocumentTitle } from '../../components/layouts/titled';

export { TradersList as TradersScreen } from '../../features/traders/components/traders-list';

/**
 * The trader page with the copy dialog (balance, Max, stop loss in % and $, profit share, summary, Confirm) and
 * the performance charts (equity curve with periods, monthly returns, open positions, copier trend), the asset
 * allocation over a period, the position
 * history, the risk score explained and the head of the verifiable record.
 */
export function TraderInfoScreen() {
  // "<name> — Mirrorline" once the profile is in (the same SWR request the page itself reads)
  const { trader, error } = useTrader(useParams().id);
  useDocumentTitle(trader?.name ?? (traderNotFound(error) ? 'Trader not found' : 'Trader'));
  return (
    <TraderDetails
      copyPanel={(t) => <CopyPanel trader={t} />}
      performance={(t) => (
        <>
          <TraderPerformanceSection traderId={t.id} traderName={t.name} historyStart={t.historyStart} />
          <AssetAllocation traderId={t.id} />
          <PositionHistorySection traderId={t.id} />
          <RiskSection traderId={t.id} traderName={t.name} />
          <TraderRecordSection traderId={t.id} />
        </>
      )}
    />
  );
}
