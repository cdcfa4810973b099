import { Money } from '../../../components/ui/money';
import { AsyncBlock } from '../../../components/ui/states';
import { useWallet } from '../api/get-wallet';

export function BalanceCards() {
  const { wallet, error, isLoading, mutate } = useWallet();
  return (
    <AsyncBlock data={wallet} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading balances">
      {(w) => (
        <div className="grid grid--3 balance-cards">
          <div className="card stat-card">
            <span className="stat-card__label">Available balance</span>
            <strong className="stat-card__value" data-testid="balance"><Money value={w.balance} /></strong>
          </div>
          <div className="card stat-card">
            <span className="stat-card__label">Trading balance</span>
            <strong className="stat-card__value" data-testid="trading-balance"><Money value={w.tradingBalance} /></strong>
          </div>
          <div className="card stat-card">
            <span className="stat-card__label">Held for withdrawals</span>
            <strong className="stat-card__value" data-testid="held"><Money value={w.held} /></strong>
          </div>
        </div>
      )}
    </AsyncBlock>
  );
}
