import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork, type Cents, type TransactionContext } from '@mirrorline/shared';
import { Ledger } from '../../ports/ledger';
import { AccountHolders } from '../../ports/account-holders';

export interface AdjustBalanceCommand {
  userId: string;
  /** the cash balance the admin wants, in cents (≥ 0) */
  targetCash: Cents;
  /** the admin who decided it (kept in the ledger transaction's description) */
  actorId: string;
  reason?: string;
  /** the request's reference (@OperationRef, from its Idempotency-Key): the ledger posting's, unique per type */
  operationRef?: string;
}

/** The ledger reference of one adjustment: the request's when it has one (unique per type either way). */
const adjustmentRef = (userId: string, operationRef: string | undefined): string => `adjustment:${userId}:${operationRef ?? `op:${randomUUID()}`}`;

export interface AdjustBalanceResult {
  before: Cents;
  after: Cents;
  /** the ledger transaction id, null when the balance already was the target */
  ledgerTransactionId: string | null;
}

/**
 * Admin balance edit (PATCH user/update): sets the user's cash to a target by posting the difference
 * against platform_adjustments, so the change is a traced ledger transaction, never an overwrite.
 */
@Injectable()
export class AdjustBalanceUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ledger: Ledger,
    private readonly holders: AccountHolders,
  ) {}

  execute(command: AdjustBalanceCommand): Promise<AdjustBalanceResult> {
    return this.uow.run((tx) => this.executeIn(tx, command));
  }

  /** The same, inside a transaction the caller owns (e.g. a profile update that also changes roles). */
  async executeIn(tx: TransactionContext, command: AdjustBalanceCommand): Promise<AdjustBalanceResult> {
    const target = command.targetCash;
    if (!Number.isSafeInteger(target) || target < 0) {
      throw new DomainError('VALIDATION_FAILED', 'balance must be a non-negative amount', 'validation', {
        errors: { balance: ['balance must be a non-negative amount'] },
      });
    }
    if ((await this.holders.kycStatus(tx, command.userId)) === null) {
      throw new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
    }
    const adjustments = await this.ledger.platformAccount(tx, 'platform_adjustments');
    const cash = await this.ledger.userAccount(tx, command.userId, 'cash');
    // The difference is computed from a locked balance so that a concurrent withdrawal cannot make
    // the posted delta stale; both rows are locked in id order like the posting trigger does.
    const before = await this.ledger.lockedBalances(tx, [adjustments, cash]).then((b) => b.get(cash) ?? 0);
    const delta = target - before;
    if (delta === 0) return { before, after: before, ledgerTransactionId: null };
    const ledgerTransactionId = await this.ledger.transfer(tx, {
      type: 'adjustment',
      reference: adjustmentRef(command.userId, command.operationRef),
      description: `admin ${command.actorId}${command.reason ? `: ${command.reason.slice(0, 200)}` : ''}`,
      from: delta > 0 ? adjustments : cash,
      to: delta > 0 ? cash : adjustments,
      amount: Math.abs(delta),
    });
    return { before, after: target, ledgerTransactionId };
  }

  /**
   * An admin's +/− adjustment (POST user/:id/balance-adjustments): adds `amount` (signed cents, ≠ 0) to the
   * user's cash against platform_adjustments. The balance is read under the row locks, so a concurrent
   * movement cannot be overwritten; a result below zero is refused (409 WALLET.INSUFFICIENT_FUNDS).
   */
  async addIn(tx: TransactionContext, command: { userId: string; amount: Cents; actorId: string; reason: string; operationRef?: string }): Promise<AdjustBalanceResult> {
    if (!Number.isSafeInteger(command.amount) || command.amount === 0) {
      throw new DomainError('VALIDATION_FAILED', 'amount must be a non-zero amount', 'validation', { errors: { amount: ['amount must be a non-zero amount'] } });
    }
    if ((await this.holders.kycStatus(tx, command.userId)) === null) {
      throw new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
    }
    const adjustments = await this.ledger.platformAccount(tx, 'platform_adjustments');
    const cash = await this.ledger.userAccount(tx, command.userId, 'cash');
    const before = await this.ledger.lockedBalances(tx, [adjustments, cash]).then((b) => b.get(cash) ?? 0);
    const after = before + command.amount;
    if (after < 0) {
      throw new DomainError('WALLET.INSUFFICIENT_FUNDS', 'The adjustment would take the cash balance below zero', 'conflict');
    }
    const ledgerTransactionId = await this.ledger.transfer(tx, {
      type: 'adjustment',
      reference: adjustmentRef(command.userId, command.operationRef),
      description: `admin ${command.actorId}: ${command.reason.slice(0, 200)}`,
      from: command.amount > 0 ? adjustments : cash,
      to: command.amount > 0 ? cash : adjustments,
      amount: Math.abs(command.amount),
    });
    return { before, after, ledgerTransactionId };
  }
}
