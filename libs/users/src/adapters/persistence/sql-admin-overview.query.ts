import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { storedCents } from '@mirrorline/shared';
import { AdminOverviewQuery, type AdminOverview } from '../../application/ports/admin-overview.query';
import { tableExists } from './sql-executor';

/** Reads the overview across the users, ledger, copy-trading and wallet tables (the last two only once they exist). */
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
    const [money] = await em.execute<Array<Record<string, string>>>(
      `SELECT coalesce(sum(balance) FILTER (WHERE kind = 'cash'), 0) AS cash,
              coalesce(sum(balance) FILTER (WHERE kind = 'copy_equity'), 0) AS equity,
              coalesce(sum(balance) FILTER (WHERE kind = 'held'), 0) AS held
         FROM ledger_accounts WHERE owner_id IS NOT NULL`,
    );
    let copies = { total: '0', active: '0' };
    if (await tableExists(em, 'copies')) {
      [copies] = await em.execute<Array<{ total: string; active: string }>>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status <> 'stopped') AS active FROM copies`,
      );
    }
    let pending = { deposits: '0', withdrawals: '0', deposits_amount: '0', withdrawals_amount: '0' };
    if (await tableExists(em, 'wallet_transactions')) {
      [pending] = await em.execute<Array<typeof pending>>(
        `SELECT count(*) FILTER (WHERE type = 'deposit') AS deposits,
                count(*) FILTER (WHERE type = 'withdrawal') AS withdrawals,
                coalesce(sum(amount) FILTER (WHERE type = 'deposit'), 0) AS deposits_amount,
                coalesce(sum(amount) FILTER (WHERE type = 'withdrawal'), 0) AS withdrawals_amount
           FROM wallet_transactions WHERE status = 'Pending'`,
      );
    }
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
      pendingDepositsAmount: storedCents(pending.deposits_amount),
      pendingWithdrawalsAmount: storedCents(pending.withdrawals_amount),
    };
  }
}
