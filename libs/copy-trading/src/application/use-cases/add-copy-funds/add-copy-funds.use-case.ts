import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { UnitOfWork } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import { copyErrors } from '../../../domain/copy';
import { CopyRepository, type CopyState } from '../../ports/copy-repository';

/** Locks a copy the way every one-copy change does: trader row (shared) first, then the copy row. */
export async function lockOwnCopy(tx: TransactionContext, copies: CopyRepository, userId: string, copyId: string): Promise<CopyState> {
  const traderId = await copies.traderOfCopy(tx, copyId);
  if (traderId === null) throw copyErrors.notFound();
  await copies.lockTrader(tx, traderId, 'share');
  const copy = await copies.lockCopy(tx, copyId);
  // Someone else's copy looks exactly like a missing one.
  if (!copy || copy.followerId !== userId) throw copyErrors.notFound();
  return copy;
}

export interface AddCopyFundsCommand {
  userId: string;
  copyId: string;
  amount: number;
  /** the request's reference (its Idempotency-Key's, @OperationRef): the ledger posting's, unique per type */
  operationRef?: string;
}

/** The ledger reference of one operation on a copy that may happen many times (funds, withdrawals). */
export const copyOperationRef = (copyId: string, operationRef: string | undefined): string => `copy:${copyId}:${operationRef ?? `op:${randomUUID()}`}`;

/** Cash → copy equity. The high-water mark and the invested amount rise by the same cents: new money is not profit. */
@Injectable()
export class AddCopyFundsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly ledger: Ledger,
  ) {}

  async execute(command: AddCopyFundsCommand): Promise<{ copyId: string }> {
    // The HTTP DTO already asks for ≥ 0.01; other callers get the same rule (no minimum beyond that).
    if (command.amount <= 0) throw copyErrors.amountNotPositive();
    return this.uow.run(async (tx) => {
      const copy = await lockOwnCopy(tx, this.copies, command.userId, command.copyId);
      if (copy.status === 'stopped') throw copyErrors.ended();
      if (copy.status === 'stopping') throw copyErrors.stopping();
      const equity = await this.ledger.copyEquityAccount(tx, command.userId, copy.id);
      const cash = await this.ledger.userAccount(tx, command.userId, 'cash');
      await this.ledger.transfer(tx, { type: 'copy_fund', reference: copyOperationRef(copy.id, command.operationRef), from: cash, to: equity, amount: command.amount });
      const amount = BigInt(command.amount);
      await this.copies.updateCopy(tx, copy.id, { invested: copy.invested + amount, highWaterMark: copy.highWaterMark + amount });
      return { copyId: copy.id };
    });
  }
}
