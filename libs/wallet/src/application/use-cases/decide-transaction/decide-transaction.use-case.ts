import { Injectable } from '@nestjs/common';
import { Clock, DomainError, UnitOfWork } from '@mirrorline/shared';
import type { Decision, WalletTransaction } from '../../../domain/wallet-transaction';
import { Ledger, type PlatformAccountKind, type UserAccountKind } from '../../ports/ledger';
import { WalletTransactionRepository } from '../../ports/wallet-transaction.repository';

export interface DecideTransactionCommand {
  transactionId: string;
  decision: Decision;
  adminId: string;
  note?: string | null;
}

/**
 * Admin approve / reject of a Pending deposit or withdrawal. The row is locked first, so when an
 * approve races a reject exactly one wins; the other then sees a decided row → 409.
 */
@Injectable()
export class DecideTransactionUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly transactions: WalletTransactionRepository,
  ) {}

  execute(command: DecideTransactionCommand): Promise<WalletTransaction> {
    return this.uow.run(async (tx) => {
      const transaction = await this.transactions.lockById(tx, command.transactionId);
      if (!transaction) throw new DomainError('WALLET.TRANSACTION_NOT_FOUND', 'Transaction not found', 'not_found');
      const move = transaction.decide(command.decision, command.adminId, this.clock.now(), command.note);
      await this.transactions.saveDecision(tx, transaction);
      if (move) {
        const isUserKind = (kind: UserAccountKind | PlatformAccountKind): kind is UserAccountKind => kind === 'cash' || kind === 'held';
        const userKinds = [move.from, move.to].filter(isUserKind);
        const userIds = await this.ledger.userAccounts(tx, transaction.userId, userKinds);
        const account = (kind: UserAccountKind | PlatformAccountKind) =>
          isUserKind(kind) ? Promise.resolve(userIds[userKinds.indexOf(kind)]) : this.ledger.platformAccount(tx, kind);
        await this.ledger.transfer(tx, {
          type: move.type,
          reference: transaction.id,
          from: await account(move.from),
          to: await account(move.to),
          amount: transaction.amount,
        });
      }
      return transaction;
    });
  }
}
