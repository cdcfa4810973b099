import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { AdjustBalanceUseCase } from '@mirrorline/wallet';
import { BalanceAdjuster } from '../../application/ports/balance-adjuster';

/** An approved balance adjustment goes through the wallet's ledger adjustment, inside the users context's transaction. */
@Injectable()
export class WalletBalanceAdjuster extends BalanceAdjuster {
  constructor(private readonly adjustBalance: AdjustBalanceUseCase) {
    super();
  }

  addCash(tx: TransactionContext, command: { userId: string; amount: number; actorId: string; reason: string; operationRef?: string }) {
    return this.adjustBalance.addIn(tx, command);
  }
}
