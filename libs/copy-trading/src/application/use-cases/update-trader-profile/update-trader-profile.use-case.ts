import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import type { TraderDetails } from '../../ports/copy-trading-queries';
import { TraderProfiles, type TraderProfilePatch } from '../../ports/trader-profiles';
import { ProfitShareTerms } from '../../ports/profit-share-terms';
import { ReadCopyTradingUseCase } from '../read-copy-trading/read-copy-trading.use-case';

export interface UpdateTraderProfileCommand {
  traderId: number;
  patch: TraderProfilePatch;
}

/**
 * PATCH traders/me. A share change applies to new copies only: each copy keeps the share it was opened with
 * (product.md §10), and the followers of live copies are told, in the same transaction, that they may accept it.
 */
@Injectable()
export class UpdateTraderProfileUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly profiles: TraderProfiles,
    private readonly read: ReadCopyTradingUseCase,
    private readonly terms: ProfitShareTerms,
  ) {}

  async execute(command: UpdateTraderProfileCommand): Promise<TraderDetails> {
    await this.uow.run(async (tx) => {
      await this.profiles.update(tx, command.traderId, command.patch);
      if (command.patch.share !== undefined) await this.terms.notifyChange(tx, command.traderId, command.patch.share);
    });
    return this.read.trader(command.traderId);
  }
}
