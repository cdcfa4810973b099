import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock, DomainError, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { parseRequestAmount } from '../../../domain/amount';
import { WalletTransaction } from '../../../domain/wallet-transaction';
import { AccountHolders } from '../../ports/account-holders';
import { WalletTransactionRepository } from '../../ports/wallet-transaction.repository';

export interface RequestDepositCommand {
  userId: string;
  /** decimal string, e.g. "1250.50" */
  amount: string;
}

export const kycRequired = () =>
  new DomainError('KYC_REQUIRED', 'Complete identity verification (KYC) before moving money', 'forbidden');

export async function assertKycVerified(holders: AccountHolders, tx: TransactionContext, userId: string): Promise<void> {
  const status = await holders.kycStatus(tx, userId);
  if (status === null) throw new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
  if (status !== 'Verified') throw kycRequired();
}

/** A deposit is only a Pending request: money moves when an admin approves it. */
@Injectable()
export class RequestDepositUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly holders: AccountHolders,
    private readonly transactions: WalletTransactionRepository,
  ) {}

  async execute(command: RequestDepositCommand): Promise<WalletTransaction> {
    const amount = parseRequestAmount(command.amount);
    return this.uow.run(async (tx) => {
      await assertKycVerified(this.holders, tx, command.userId);
      const transaction = WalletTransaction.request({ id: randomUUID(), userId: command.userId, type: 'deposit', amount, now: this.clock.now() });
      await this.transactions.insert(tx, transaction);
      return transaction;
    });
  }
}
