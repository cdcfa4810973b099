import { TraderDetails } from '../../features/traders/components/trader-details';
import { CopyPanel } from '../../features/copy-dialog/components/copy-panel';

export { TradersList as TradersScreen } from '../../features/traders/components/traders-list';

/** The trader page with the copy dialog (balance, Max, stop loss in % and $, profit share, summary, Confirm). */
export function TraderInfoScreen() {
  return <TraderDetails copyPanel={(t) => <CopyPanel trader={t} />} />;
}
