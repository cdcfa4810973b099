import { Injectable } from '@nestjs/common';
import { formatCents, UnitOfWork } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import { Notifications } from '@mirrorline/notifications';
import { copyErrors, MIN_COPY_AMOUNT } from '../../../domain/copy';
import { isFull } from '../../../domain/discovery';
import { CopyRepository } from '../../ports/copy-repository';
import { CopyOpenTrades, type CopyOpenTradesResult } from '../../services/copy-open-trades';

export interface FollowTraderCommand {
  userId: string;
  traderId: number;
  /** cents */
  amount: number;
  stopLossPct: number | null;
  /** also take over the trader's open trades at today's price (eToro's Copy Open Trades) */
  copyOpenTrades?: boolean;
}

export interface FollowTraderResult {
  copyId: string;
  /** present when copyOpenTrades was asked for */
  openTrades?: CopyOpenTradesResult;
}

/**
 * Follow: a copy row and cash → copy equity in one transaction (product.md §5); with copyOpenTrades, the
 * copy also takes over the trader's open trades at today's price in that transaction (CopyOpenTrades).
 */
@Injectable()
export class FollowTraderUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly ledger: Ledger,
    private readonly notifications: Notifications,
    private readonly openTrades: CopyOpenTrades,
  ) {}

  async execute(command: FollowTraderCommand): Promise<FollowTraderResult> {
    if (command.amount < MIN_COPY_AMOUNT) throw copyErrors.minAmount();
    return this.uow.run(async (tx) => {
      // Exclusive: follows of one trader queue, so the maxCopiers count cannot be raced past.
      const trader = await this.copies.lockTrader(tx, command.traderId, 'exclusive');
      // A blocked, deleted, demoted or not KYC-Verified trader is not public: following one looks like a missing trader.
      if (!trader || !trader.listed || !trader.kycVerified) throw copyErrors.traderNotFound();
      if (trader.userId === command.userId) throw copyErrors.self();
      const follower = await this.copies.follower(tx, command.userId);
      // Only a token issued before the deletion gets here; say so rather than blame the email.
      if (!follower) throw copyErrors.accountDeleted();
      if (follower.blocked) throw copyErrors.blocked();
      if (!follower.emailVerified) throw copyErrors.email();
      if (follower.kycStatus !== 'Verified') throw copyErrors.kyc();
      if (await this.copies.hasLiveCopy(tx, command.userId, trader.id)) throw copyErrors.already();
      if (command.amount < trader.minCopyAmount) throw copyErrors.belowTraderMinimum(formatCents(trader.minCopyAmount));
      if (isFull(await this.copies.liveCopyCount(tx, trader.id), trader.maxCopiers)) throw copyErrors.full();

      const amount = BigInt(command.amount);
      const copyId = await this.copies.insertCopy(tx, { followerId: command.userId, traderId: trader.id, invested: amount, stopLossPct: command.stopLossPct });
      const equity = await this.ledger.copyEquityAccount(tx, command.userId, copyId);
      const cash = await this.ledger.userAccount(tx, command.userId, 'cash');
      await this.ledger.transfer(tx, { type: 'copy_fund', reference: `copy:${copyId}:open`, description: `Copy ${trader.name}`, from: cash, to: equity, amount: command.amount });
      // In the same transaction, under the trader's lock: no trade of the trader opens or closes meanwhile.
      const openTrades = command.copyOpenTrades ? await this.openTrades.execute(tx, trader.id, { id: copyId, followerId: command.userId }) : undefined;
      await this.notifications.notify(tx, [
        {
          userId: command.userId,
          type: 'copy_started',
          title: `You now copy ${trader.name}`,
          data: { copyId, traderId: trader.id, trader: trader.name, ...(openTrades ? { openTradesCopied: openTrades.copied.length } : {}) },
        },
      ]);
      return openTrades ? { copyId, openTrades } : { copyId };
    });
  }
}
