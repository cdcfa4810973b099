import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, type Cents, type TransactionContext } from '@mirrorline/shared';
import { Ledger } from '../../ports/ledger';
import { AccountHolders } from '../../ports/account-holders';

/** The ledger reference of one adjustment: the request's when it has one (unique per type either way). */
const adjustmentRef = (userId: string, operationRef: string | undefined): string => `adjustment:${userId}:${operationRef ?? `op:${randomUUID()}`}`;

export interface AdjustBalanceResult {
  before: Cents;
  after: Cents;
  /** the ledger transaction's id */
  ledgerTransactionId: string;
}

/**
 * An admin's balance adjustment (approved under four eyes, libs/back-office): posted against platform_adjustments, so
 * the change is a traced ledger transaction, never an overwrite.
 */
@Injectable()
export class AdjustBalanceUseCase {
  constructor(
    private readonly ledger: Ledger,
    private readonly holders: AccountHolders,
  ) {}

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
