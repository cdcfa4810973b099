import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { copyErrors } from '../../../domain/copy';
import { CopyRepository } from '../../ports/copy-repository';
import { ProfitShareTerms } from '../../ports/profit-share-terms';

export interface AcceptCopyShareCommand {
  userId: string;
  copyId: string;
}

/**
 * POST copies/:id/accept-share: the follower takes the trader's current profit share for this copy (the
 * only way a copy's share changes after it was opened). The trader row is locked first, as a settlement
 * locks it, so an acceptance never lands in the middle of a close.
 */
@Injectable()
export class AcceptCopyShareUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly terms: ProfitShareTerms,
  ) {}

  execute(command: AcceptCopyShareCommand): Promise<{ copyId: string; share: number; previousShare: number }> {
    return this.uow.run(async (tx) => {
      const traderId = await this.copies.traderOfCopy(tx, command.copyId);
      if (traderId === null) throw copyErrors.notFound();
      await this.copies.lockTrader(tx, traderId, 'share');
      const accepted = await this.terms.accept(tx, command.userId, command.copyId);
      // Someone else's copy looks exactly like a missing one.
      if (!accepted) throw copyErrors.notFound();
      return { copyId: command.copyId, share: accepted.share, previousShare: accepted.previous };
    });
  }
}
