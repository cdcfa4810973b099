import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import type { AuthenticatedUser } from '@mirrorline/auth';
import { copyErrors } from '../../../domain/copy';
import { TraderProfiles } from '../../ports/trader-profiles';

/**
 * Which trader a trade-management call acts for: the caller's own profile (a Trader whose profile is
 * missing gets one on first use), or, for an Admin, the one named by ?traderId=.
 */
@Injectable()
export class ResolveTraderUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly profiles: TraderProfiles,
  ) {}

  async execute(user: AuthenticatedUser, requestedTraderId?: number): Promise<number> {
    if (requestedTraderId !== undefined) {
      if (!user.roles.includes('Admin')) {
        const own = await this.profiles.traderIdOfUser(null, user.userId);
        if (own !== requestedTraderId) throw new DomainError('FORBIDDEN', 'Only an admin may act for another trader', 'forbidden');
        return own;
      }
      // Reads (trades, followers) would otherwise answer 200 with an empty page for a trader that does
      // not exist, while open and close answer 404: one answer for all of them.
      if (!(await this.profiles.exists(null, requestedTraderId))) throw copyErrors.traderNotFound();
      return requestedTraderId;
    }
    if (user.roles.includes('Trader')) {
      const own = await this.profiles.traderIdOfUser(null, user.userId);
      if (own !== null) return own;
      return this.uow.run((tx) => this.profiles.ensureProfile(tx, user.userId));
    }
    if (user.roles.includes('Admin')) {
      throw new DomainError('VALIDATION_FAILED', 'traderId is required for an admin', 'validation', { errors: { traderId: ['traderId is required'] } });
    }
    throw copyErrors.noProfile();
  }
}
