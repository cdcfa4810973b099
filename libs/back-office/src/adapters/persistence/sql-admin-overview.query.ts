import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, storedCents } from '@mirrorline/shared';
import { accountsQueries } from '@mirrorline/accounts/sql';
import { copyTradingQueries } from '@mirrorline/copy-trading/sql';
import { walletQueries } from '@mirrorline/wallet/sql';
import { approvalsQueries } from './approvals.queries';
import { AdminOverviewQuery, type AdminOverview } from '../../application/ports/admin-overview.query';

/** Reads the overview: accounts' user counts, the approvals here, the ledger, copies and wallet requests through their owners' exported queries. */
@Injectable()
export class SqlAdminOverviewQuery extends AdminOverviewQuery {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async read(): Promise<AdminOverview> {
    const em = this.em.fork();
    const [users] = await runSql(em, accountsQueries.userTotals());
    const [money] = await runSql(em, walletQueries.userMoneyTotals());
    const [copies] = await runSql(em, copyTradingQueries.copyTotals());
    const [pending] = await runSql(em, walletQueries.pendingRequestTotals());
    const [approvals] = await runSql(em, approvalsQueries.pendingCount());
    return {
      users: Number(users.users),
      verified: Number(users.verified),
      blocked: Number(users.blocked),
      kycPending: Number(users.kyc_pending),
      kycVerified: Number(users.kyc_verified),
      traders: Number(users.traders),
      admins: Number(users.admins),
      copies: Number(copies.total),
      activeCopies: Number(copies.active),
      totalCash: storedCents(money.cash),
      totalTradingBalance: storedCents(money.equity),
      totalHeld: storedCents(money.held),
      pendingDeposits: Number(pending.deposits),
      pendingWithdrawals: Number(pending.withdrawals),
      pendingApprovals: Number(approvals.n),
      pendingDepositsAmount: storedCents(pending.deposits_amount),
      pendingWithdrawalsAmount: storedCents(pending.withdrawals_amount),
    };
  }
}
