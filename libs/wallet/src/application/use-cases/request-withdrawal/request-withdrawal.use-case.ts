import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { parseDestination, parseRequestAmount } from '../../../domain/amount';
import { WalletTransaction } from '../../../domain/wallet-transaction';
import { AccountHolders } from '../../ports/account-holders';
import { Ledger } from '../../ports/ledger';
import { WalletTransactionRepository } from '../../ports/wallet-transaction.repository';
import { assertKycVerified } from '../request-deposit/request-deposit.use-case';
import { WithdrawalAddresses } from '../../ports/withdrawal-addresses';
import { destinationNotAllowed } from '../../../domain/wallet-errors';

export interface RequestWithdrawalCommand {
  userId: string;
  amount: string;
  destination: string;
}

/**
 * The funds are held at once (cash → held, in the same transaction as the request), so the same money
 * cannot be withdrawn twice nor spent on a copy while the admin decides. Not enough cash → 409
 * WALLET.INSUFFICIENT_FUNDS and no request is recorded.
 */
@Injectable()
export class RequestWithdrawalUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly holders: AccountHolders,
    private readonly ledger: Ledger,
    private readonly transactions: WalletTransactionRepository,
    private readonly addresses: WithdrawalAddresses,
  ) {}

  async execute(command: RequestWithdrawalCommand): Promise<WalletTransaction> {
    const amount = parseRequestAmount(command.amount);
    const destination = parseDestination(command.destination);
    return this.uow.run(async (tx) => {
      await assertKycVerified(this.holders, tx, command.userId);
      // Before anything is written: a destination that is not a saved, cooled-down address holds nothing.
      if (!(await this.addresses.isUsable(tx, command.userId, destination.trim(), this.clock.now()))) throw destinationNotAllowed();
      const transaction = WalletTransaction.request({
        id: randomUUID(),
        userId: command.userId,
        type: 'withdrawal',
        amount,
        destination,
        now: this.clock.now(),
      });
      await this.transactions.insert(tx, transaction);
      const move = transaction.requestMove();
      if (move) {
        const [from, to] = await this.ledger.userAccounts(tx, command.userId, [move.from, move.to]);
        await this.ledger.transfer(tx, { type: move.type, reference: transaction.id, from, to, amount });
      }
      return transaction;
    });
  }
}
