import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { AdjustBalanceUseCase } from '@mirrorline/wallet';
import { BalanceAdjuster } from '../../application/ports/balance-adjuster';

/** The admin balance edit goes through the wallet's ledger adjustment, inside the users context's transaction. */
@Injectable()
export class WalletBalanceAdjuster extends BalanceAdjuster {
  constructor(private readonly adjustBalance: AdjustBalanceUseCase) {
    super();
  }

  setCash(tx: TransactionContext, command: { userId: string; targetCash: number; actorId: string; operationRef?: string }) {
    return this.adjustBalance.executeIn(tx, command);
  }

  addCash(tx: TransactionContext, command: { userId: string; amount: number; actorId: string; reason: string; operationRef?: string }) {
    return this.adjustBalance.addIn(tx, command);
  }
}
