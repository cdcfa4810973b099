import { TraderDetails } from '../../features/traders/components/trader-details';
import { CopyPanel } from '../../features/copy-dialog/components/copy-panel';
import { TraderPerformanceSection } from '../../features/trader-performance/components/trader-performance';

export { TradersList as TradersScreen } from '../../features/traders/components/traders-list';

/**
 * The trader page with the copy dialog (balance, Max, stop loss in % and $, profit share, summary, Confirm) and
 * the performance charts (equity curve with periods, monthly returns, open positions, copier trend).
 */
export function TraderInfoScreen() {
  return (
    <TraderDetails
      copyPanel={(t) => <CopyPanel trader={t} />}
      performance={(t) => <TraderPerformanceSection traderId={t.id} traderName={t.name} />}
    />
  );
}
