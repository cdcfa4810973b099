import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { copyErrors } from '../../../domain/copy';
import { CopyTradingQueries, type TraderDetails } from '../../ports/copy-trading-queries';
import { TraderProfiles, type TraderProfilePatch } from '../../ports/trader-profiles';

export interface UpdateTraderProfileCommand {
  traderId: number;
  patch: TraderProfilePatch;
}

/** PATCH traders/me: a share change applies to fees charged from the next settlement on. */
@Injectable()
export class UpdateTraderProfileUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly profiles: TraderProfiles,
    private readonly queries: CopyTradingQueries,
  ) {}

  async execute(command: UpdateTraderProfileCommand): Promise<TraderDetails> {
    await this.uow.run((tx) => this.profiles.update(tx, command.traderId, command.patch));
    const trader = await this.queries.trader(command.traderId);
    if (!trader) throw copyErrors.traderNotFound();
    return trader;
  }
}
