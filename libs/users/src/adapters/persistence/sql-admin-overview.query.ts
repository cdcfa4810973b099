import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, storedCents } from '@mirrorline/shared';
import { copyTradingQueries } from '@mirrorline/copy-trading';
import { walletQueries } from '@mirrorline/wallet';
import { AdminOverviewQuery, type AdminOverview } from '../../application/ports/admin-overview.query';

/** Reads the overview: the users table here, the ledger, copies and wallet requests through their owners' exported queries. */
@Injectable()
export class SqlAdminOverviewQuery extends AdminOverviewQuery {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async read(): Promise<AdminOverview> {
    const em = this.em.fork();
    const [users] = await em.execute<Array<Record<string, string>>>(
      `SELECT count(*) AS users,
              count(*) FILTER (WHERE email_verified) AS verified,
              count(*) FILTER (WHERE blocked) AS blocked,
              count(*) FILTER (WHERE kyc_status = 'Pending') AS kyc_pending,
              count(*) FILTER (WHERE kyc_status = 'Verified') AS kyc_verified,
              count(*) FILTER (WHERE 'Trader' = ANY (roles)) AS traders,
              count(*) FILTER (WHERE 'Admin' = ANY (roles)) AS admins
         FROM users WHERE deleted_at IS NULL`,
    );
    const [money] = await runSql(em, walletQueries.userMoneyTotals());
    const [copies] = await runSql(em, copyTradingQueries.copyTotals());
    const [pending] = await runSql(em, walletQueries.pendingRequestTotals());
    const [approvals] = await runSql(em, sql<{ n: string }>`SELECT count(*) AS n FROM admin_approval_requests WHERE status = 'pending'`);
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
