import { Link } from 'react-router-dom';
import { useSession } from '../../../lib/auth-session';
import { BalanceCards } from './balance-cards';
import { TransactionsTable } from './transactions-table';
import { StatementTable } from './statement-table';
import { DepositForm, WithdrawForm } from './wallet-forms';
import { DepositInstructions } from './deposit-instructions';

export function WalletPage() {
  const session = useSession();
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Wallet</h1>
      </header>
      <BalanceCards />
      {!session.KYCstatus && (
        <p className="notice" role="note">
          Deposits and withdrawals need a verified identity. <Link to="/userdashboard/kycverification">Complete KYC verification</Link>.
        </p>
      )}
      <div className="grid grid--2">
        <DepositInstructions />
        <WithdrawForm />
      </div>
      <DepositForm />
      <TransactionsTable />
      <StatementTable />
    </div>
  );
}
