import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { AccountBalances } from '../../ports/account-balances';
import { BalanceAdjuster } from '../../ports/balance-adjuster';
import { TraderProfiles } from '../../ports/trader-profiles';
import { UserRepository } from '../../ports/user.repository';
import { userNotFound } from '../../user-errors';
import type { UserListItem } from '../list-users/list-users.use-case';

export interface AdjustUserBalanceCommand {
  actor: Actor;
  userId: string;
  /** signed cents, ≠ 0: + credits the cash, − debits it */
  amount: number;
  /** why (required; kept in the audit log and the ledger transaction's description) */
  reason: string;
  /** the request's reference (@OperationRef, from its Idempotency-Key): the ledger posting's, unique per type */
  operationRef?: string;
}

export interface AdjustUserBalanceResult {
  user: UserListItem;
  before: number;
  after: number;
  ledgerTransactionId: string | null;
}

/**
 * The admin's balance adjustment (+/− an amount, with a reason): one double-entry ledger transaction
 * between the user's cash and platform_adjustments, audited with the reason in the same transaction.
 * Nobody adjusts their own balance (product.md §10).
 */
@Injectable()
export class AdjustUserBalanceUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly adjuster: BalanceAdjuster,
    private readonly traders: TraderProfiles,
    private readonly audit: AuditLog,
  ) {}

  execute(command: AdjustUserBalanceCommand): Promise<AdjustUserBalanceResult> {
    const reason = command.reason.trim();
    if (reason.length < 3) {
      throw new DomainError('VALIDATION_FAILED', 'reason is required (at least 3 characters)', 'validation', { errors: { reason: ['reason is required (at least 3 characters)'] } });
    }
    return this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      if (user.id === command.actor.userId || user.id === auditActorId(command.actor)) {
        throw new DomainError('FORBIDDEN', 'You cannot adjust your own balance', 'forbidden');
      }
      const actorId = auditActorId(command.actor);
      const result = await this.adjuster.addCash(tx, { userId: user.id, amount: command.amount, actorId, reason, operationRef: command.operationRef });
      await this.audit.record(tx, {
        actorId,
        action: 'user.balance_adjust',
        targetType: 'user',
        targetId: user.id,
        ip: command.actor.ip,
        before: { balance: result.before },
        after: auditDetail(command.actor, { balance: result.after, amount: command.amount, reason, ledgerTransactionId: result.ledgerTransactionId }),
      });
      const current = (await this.balances.of(tx, [user.id])).get(user.id) ?? { cash: 0, held: 0, copyEquity: 0 };
      const traderID = (await this.traders.traderIdsOf(tx, [user.id])).get(user.id) ?? null;
      return { user: { account: user, balances: { ...current, cash: result.after }, traderID }, ...result };
    });
  }
}
