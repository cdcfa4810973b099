import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import { copyErrors } from '../../../domain/copy';
import { scaleOnWithdrawal } from '../../../domain/copy-math';
import { CopyRepository } from '../../ports/copy-repository';
import { copyOperationRef, lockOwnCopy } from '../add-copy-funds/add-copy-funds.use-case';

export interface WithdrawCopyFundsCommand {
  userId: string;
  copyId: string;
  amount: number;
  /** the request's reference (@OperationRef): the ledger posting's, unique per type */
  operationRef?: string;
}

/**
 * Copy equity → cash, free equity only (what open positions do not commit). The mark and the invested
 * amount shrink in proportion to the equity taken out (scaleOnWithdrawal), so withdrawing neither creates
 * nor hides a gain and does not move the copy closer to its stop loss.
 */
@Injectable()
export class WithdrawCopyFundsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly ledger: Ledger,
  ) {}

  async execute(command: WithdrawCopyFundsCommand): Promise<{ copyId: string }> {
    // The HTTP DTO already asks for ≥ 0.01; other callers get the same rule (no minimum beyond that).
    if (command.amount <= 0) throw copyErrors.amountNotPositive();
    return this.uow.run(async (tx) => {
      const copy = await lockOwnCopy(tx, this.copies, command.userId, command.copyId);
      if (copy.status === 'stopped') throw copyErrors.ended();
      const amount = BigInt(command.amount);
      if (amount > copy.equity - copy.committed) throw copyErrors.notEnoughFree();
      const equity = await this.ledger.copyEquityAccount(tx, command.userId, copy.id);
      const cash = await this.ledger.userAccount(tx, command.userId, 'cash');
      await this.ledger.transfer(tx, { type: 'copy_withdraw', reference: copyOperationRef(copy.id, command.operationRef), from: equity, to: cash, amount: command.amount });
      await this.copies.updateCopy(tx, copy.id, {
        invested: scaleOnWithdrawal(copy.invested, copy.equity, amount),
        highWaterMark: scaleOnWithdrawal(copy.highWaterMark, copy.equity, amount),
      });
      return { copyId: copy.id };
    });
  }
}
