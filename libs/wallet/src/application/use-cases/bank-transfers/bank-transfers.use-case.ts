import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, DomainError, formatCents, UnitOfWork, type AppConfig } from '@mirrorline/shared';
import { parseRequestAmount } from '../../../domain/amount';
import { normalizeDepositReference } from '../../../domain/deposit-reference';
import { WalletTransaction } from '../../../domain/wallet-transaction';
import { accountDeleted } from '../../../domain/wallet-errors';
import { DepositReferences, type ReferenceHolder } from '../../ports/deposit-references';
import { WalletTransactionRepository } from '../../ports/wallet-transaction.repository';
import { DecideTransactionUseCase } from '../decide-transaction/decide-transaction.use-case';

/** What a user needs to pay in by bank transfer (GET wallet/deposit/instructions). */
export interface DepositInstructions {
  reference: string;
  beneficiary: string;
  bankName: string;
  iban: string;
  bic: string;
  currency: 'USD';
  minAmount: string;
  maxAmount: string;
  expectedTime: string;
}

export interface MatchTransferCommand {
  reference: string;
  /** decimal string, e.g. "1250.50" */
  amount: string;
  bankTxId: string;
  adminId: string;
  impersonatedBy?: string;
  ip?: string | null;
}

export const EXPECTED_TRANSFER_TIME = 'Usually within 1 business day';

export const referenceNotFound = () =>
  new DomainError('WALLET.REFERENCE_NOT_FOUND', 'No user has this deposit reference', 'not_found');

/**
 * Deposits by bank transfer (product.md §12.6, docs/wallet.md "Bank transfers"). A user sends money with their own
 * reference; an admin who sees it arrive matches it: the transfer becomes an approved deposit, credited through the
 * same approval as any deposit (DecideTransactionUseCase: ledger posting, audit, notification, nobody on their own
 * money), in one transaction with the record of the bank's transaction id, which is unique: a transfer is credited
 * once, however often and by whomever it is matched.
 */
@Injectable()
export class BankTransfersUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly references: DepositReferences,
    private readonly transactions: WalletTransactionRepository,
    private readonly decide: DecideTransactionUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async instructions(userId: string): Promise<DepositInstructions> {
    const reference = await this.uow.run((tx) => this.references.ofUser(tx, userId));
    const bank = this.config.bankDeposit;
    return {
      reference,
      beneficiary: bank.beneficiary,
      bankName: bank.bankName,
      iban: bank.iban,
      bic: bank.bic,
      currency: 'USD',
      minAmount: formatCents(bank.minCents),
      maxAmount: formatCents(bank.maxCents),
      expectedTime: EXPECTED_TRANSFER_TIME,
    };
  }

  /** Who a reference belongs to, for the admin's confirmation before matching. */
  async holder(reference: string): Promise<ReferenceHolder> {
    const canonical = normalizeDepositReference(reference);
    const holder = canonical && (await this.uow.run((tx) => this.references.holder(tx, canonical)));
    if (!holder) throw referenceNotFound();
    return holder;
  }

  async match(command: MatchTransferCommand): Promise<{ transaction: WalletTransaction; holder: ReferenceHolder }> {
    const amount = parseRequestAmount(command.amount);
    const { minCents, maxCents } = this.config.bankDeposit;
    if (amount < minCents || amount > maxCents) {
      throw new DomainError(
        'WALLET.DEPOSIT_LIMIT',
        `A bank transfer is credited from ${formatCents(minCents)} to ${formatCents(maxCents)}: return this one to the sender`,
        'unprocessable',
        { minAmount: formatCents(minCents), maxAmount: formatCents(maxCents) },
      );
    }
    const reference = normalizeDepositReference(command.reference);
    if (!reference) throw referenceNotFound();
    return this.uow.run(async (tx) => {
      const holder = await this.references.holder(tx, reference, true);
      if (!holder) throw referenceNotFound();
      const actorId = command.impersonatedBy ?? command.adminId;
      if (holder.userId === actorId || holder.userId === command.adminId) {
        throw new DomainError('FORBIDDEN', 'You cannot credit a transfer to your own account: another admin matches it', 'forbidden');
      }
      if (holder.deleted) throw accountDeleted();
      if (holder.blocked) {
        throw new DomainError('WALLET.ACCOUNT_BLOCKED', 'The account is blocked: unblock it first, or return the transfer to the sender', 'conflict');
      }
      if (holder.kycStatus !== 'Verified') {
        throw new DomainError('KYC_REQUIRED', 'The user has not completed identity verification (KYC): return the transfer, or match it once they have', 'forbidden');
      }
      const now = this.clock.now();
      const request = WalletTransaction.request({ id: randomUUID(), userId: holder.userId, type: 'deposit', amount, now });
      await this.transactions.insert(tx, request);
      const recorded = await this.references.recordTransfer(tx, {
        bankTxId: command.bankTxId,
        reference,
        userId: holder.userId,
        amount,
        walletTransactionId: request.id,
        matchedBy: actorId,
        matchedAt: now,
      });
      if (!recorded) {
        throw new DomainError('WALLET.TRANSFER_ALREADY_MATCHED', `Bank transaction ${command.bankTxId} was already matched: nothing was credited`, 'conflict');
      }
      const transaction = await this.decide.decideIn(tx, {
        transactionId: request.id,
        decision: 'approve',
        adminId: command.adminId,
        impersonatedBy: command.impersonatedBy,
        note: `Bank transfer ${command.bankTxId}, reference ${reference}`,
        ip: command.ip,
      });
      return { transaction, holder };
    });
  }
}
