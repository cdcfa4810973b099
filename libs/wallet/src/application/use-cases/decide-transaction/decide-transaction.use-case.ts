import { Injectable, Optional } from '@nestjs/common';
import { Notifications } from '@mirrorline/notifications';
import { Clock, DomainError, formatCents, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import type { Decision, WalletTransaction } from '../../../domain/wallet-transaction';
import { accountDeleted } from '../../../domain/wallet-errors';
import { AccountHolders } from '../../ports/account-holders';
import { Ledger, type PlatformAccountKind, type UserAccountKind } from '../../ports/ledger';
import { WalletTransactionRepository } from '../../ports/wallet-transaction.repository';

export interface DecideTransactionCommand {
  transactionId: string;
  decision: Decision;
  adminId: string;
  note?: string | null;
  /** the admin behind an impersonation token, if any (the audit log names the real actor) */
  impersonatedBy?: string;
  ip?: string | null;
}

/**
 * Admin approve / reject of a Pending deposit or withdrawal. The row is locked first, so when an
 * approve races a reject exactly one wins; the other then sees a decided row → 409. Every decision is
 * audited (wallet.approve / wallet.reject) in the same transaction.
 */
@Injectable()
export class DecideTransactionUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly transactions: WalletTransactionRepository,
    private readonly holders: AccountHolders,
    private readonly audit: AuditLog,
    @Optional() private readonly notifications?: Notifications,
  ) {}

  execute(command: DecideTransactionCommand): Promise<WalletTransaction> {
    return this.uow.run((tx) => this.decideIn(tx, command));
  }

  /** The decision inside the caller's transaction (a matched bank transfer approves the deposit it records). */
  async decideIn(tx: TransactionContext, command: DecideTransactionCommand): Promise<WalletTransaction> {
    const transaction = await this.transactions.lockById(tx, command.transactionId);
    if (!transaction) throw new DomainError('WALLET.TRANSACTION_NOT_FOUND', 'Transaction not found', 'not_found');
    const actor = command.impersonatedBy ?? command.adminId;
    // Separation of duties (product.md §10): an admin never decides on their own money.
    if (transaction.userId === actor || transaction.userId === command.adminId) {
      throw new DomainError('FORBIDDEN', 'You cannot approve or reject your own transaction', 'forbidden');
    }
    const before = transaction.snapshot().status;
    // Share-locks the owner: a deletion of that user either finished (→ refused here) or waits for us.
    if (command.decision === 'approve' && transaction.snapshot().type === 'deposit' && (await this.holders.isDeleted(tx, transaction.userId))) {
      throw accountDeleted();
    }
    const actorId = command.impersonatedBy ?? command.adminId;
    const move = transaction.decide(command.decision, actorId, this.clock.now(), command.note);
    await this.transactions.saveDecision(tx, transaction);
    let ledgerTransactionId: string | null = null;
    if (move) {
      const isUserKind = (kind: UserAccountKind | PlatformAccountKind): kind is UserAccountKind => kind === 'cash' || kind === 'held';
      const userKinds = [move.from, move.to].filter(isUserKind);
      const userIds = await this.ledger.userAccounts(tx, transaction.userId, userKinds);
      const account = (kind: UserAccountKind | PlatformAccountKind) =>
        isUserKind(kind) ? Promise.resolve(userIds[userKinds.indexOf(kind)]) : this.ledger.platformAccount(tx, kind);
      ledgerTransactionId = await this.ledger.transfer(tx, {
        type: move.type,
        reference: transaction.id,
        from: await account(move.from),
        to: await account(move.to),
        amount: transaction.amount,
      });
    }
    const after = transaction.snapshot();
    await this.audit.record(tx, {
      actorId,
      action: command.decision === 'approve' ? 'wallet.approve' : 'wallet.reject',
      targetType: 'wallet_transaction',
      targetId: after.id,
      before: { status: before },
      after: {
        status: after.status,
        type: after.type,
        userId: after.userId,
        amount: formatCents(after.amount),
        note: after.note,
        ledgerTransactionId,
        ...(command.impersonatedBy ? { impersonatedBy: command.impersonatedBy } : {}),
      },
      ip: command.ip ?? null,
    });
    // the owner hears of the decision in the same transaction; the SPA writes the sentence from `data`
    const kind = after.type === 'deposit' ? 'deposit' : 'withdrawal';
    const verb = after.status === 'Approved' ? 'approved' : 'rejected';
    const amount = formatCents(after.amount);
    await this.notifications?.notify(tx, [
      {
        userId: after.userId,
        type: 'wallet_transaction_decided',
        title: `${kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${verb}`,
        body: `Your ${kind} of ${amount} was ${verb}.`,
        data: { transactionId: after.id, transactionType: kind, amount, status: after.status, note: after.note },
      },
    ]);
    return transaction;
  }
}
