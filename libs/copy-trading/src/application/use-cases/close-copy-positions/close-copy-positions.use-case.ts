import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { CopyRepository } from '../../ports/copy-repository';
import { CloseOutCopiesUseCase } from '../close-out-copies/close-out-copies.use-case';
import { ChangeCopyStatusUseCase } from '../change-copy-status/change-copy-status.use-case';
import { lockOwnCopy } from '../add-copy-funds/add-copy-funds.use-case';

/**
 * The owner's closes at the market (product.md §12.1), through the copy close-out of the price watcher
 * (CloseOutCopiesUseCase.closeOut: the same locks, pnl, profit share, ledger postings and outbox as a copy stop loss), for
 * this copy alone, in one transaction:
 * - stopNow: POST copies/:id/stop {closePositions: true} — every open position closes (reason `copy_stopped`), the
 *   equity returns to cash and the copy ends;
 * - closePosition: POST trades/:positionId/close — that one position closes (reason `copier_closed`); the copy goes
 *   on (a stopping copy whose last position this was ends).
 * Every position closes on an executable quote of its instrument (MARKET.CLOSED 409, MARKET.NO_QUOTE 503 otherwise,
 * and then nothing is closed).
 */
@Injectable()
export class CloseCopyPositionsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly closeOuts: CloseOutCopiesUseCase,
    private readonly market: MarketQuotes,
    private readonly changeStatus: ChangeCopyStatusUseCase,
  ) {}

  stopNow(userId: string, copyId: string): Promise<{ copyId: string }> {
    return this.uow.run(async (tx) => {
      const copy = await lockOwnCopy(tx, this.copies, userId, copyId);
      if (copy.status === 'stopped') throw copyErrors.ended();
      // Nothing open: the plain stop ends the copy at once (its equity back to cash).
      if (copy.openPositions === 0) return this.changeStatus.apply(tx, { userId, copyId, action: 'stop' }, copy);
      const quotes = await Promise.all((await this.copies.openSymbols(tx, copy.id)).map((symbol) => this.market.executableQuote(symbol)));
      const result = await this.closeOuts.closeOut(tx, [{ copyId: copy.id, traderId: copy.traderId }], quotes, { action: { reason: 'copy_stopped' } });
      // Under the copy's lock every open position had a quote: all of them closed, and the copy ended.
      if (result.positions !== copy.openPositions || result.ended !== 1) {
        throw new Error(`copy ${copy.id}: its stop closed ${result.positions} of ${copy.openPositions} positions`);
      }
      return { copyId: copy.id };
    });
  }

  closePosition(userId: string, positionId: string): Promise<{ copyId: string; positionId: string }> {
    return this.uow.run(async (tx) => {
      const found = await this.copies.position(tx, userId, positionId);
      if (!found) throw copyErrors.positionNotFound();
      const copy = await lockOwnCopy(tx, this.copies, userId, found.copyId);
      // Read again under the copy's lock: a trader's close or a close-out that committed meanwhile settled it.
      const position = await this.copies.position(tx, userId, positionId);
      if (!position || position.settled) throw copyErrors.positionClosed();
      const quote = await this.market.executableQuote(position.symbol);
      const result = await this.closeOuts.closeOut(tx, [{ copyId: copy.id, traderId: copy.traderId }], [quote], { action: { reason: 'copier_closed', positionId } });
      if (result.positions !== 1) throw new Error(`position ${positionId}: its close settled ${result.positions} positions`);
      return { copyId: copy.id, positionId };
    });
  }
}
