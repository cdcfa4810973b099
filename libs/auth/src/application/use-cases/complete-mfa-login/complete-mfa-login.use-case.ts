import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { SecurityErrors } from '../../../domain/security-errors';
import { hashOpaqueToken } from '../../../domain/tokens';
import { MfaStore } from '../../ports/mfa-store';
import { UserAccounts, type AccountRecord } from '@mirrorline/accounts';
import type { DeviceInfo } from '../../ports/auth-sessions';
import { MfaCodes, type MfaCheck } from '../../services/mfa-codes';
import { SignIn, type SignedIn } from '../../services/sign-in';

/**
 * POST auth/login/mfa/: the challenge of a right password plus a TOTP or recovery code opens the
 * session. The challenge is spent by the right code only; wrong codes count per account (429 after 5).
 */
@Injectable()
export class CompleteMfaLoginUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: MfaStore,
    private readonly codes: MfaCodes,
    private readonly accounts: UserAccounts,
    private readonly signIn: SignIn,
    private readonly clock: Clock,
  ) {}

  async execute(command: { mfaToken: string; code: string; device?: DeviceInfo }): Promise<SignedIn> {
    const now = this.clock.now();
    // Wrong tries must commit: outcomes are returned from the transaction and thrown after it.
    const result = await this.uow.run(async (tx): Promise<{ account: AccountRecord } | { failure: MfaCheck | 'challenge' | 'blocked' }> => {
      const challenge = await this.store.findChallengeForUpdate(tx, hashOpaqueToken(command.mfaToken));
      if (!challenge || challenge.spentAt || challenge.expiresAt.getTime() <= now.getTime()) return { failure: 'challenge' };
      const outcome = await this.codes.check(tx, challenge.userId, command.code);
      if (outcome.kind !== 'ok') return { failure: outcome };
      await this.store.spendChallenge(tx, challenge.id, now);
      const account = await this.accounts.findById(tx, challenge.userId);
      if (!account || account.blocked) return { failure: 'blocked' };
      return { account };
    });
    if ('failure' in result) {
      if (result.failure === 'challenge') throw SecurityErrors.challengeInvalid();
      if (result.failure === 'blocked') throw AuthErrors.blocked();
      throw MfaCodes.failure(result.failure) ?? SecurityErrors.wrongCode();
    }
    return this.signIn.open(result.account, command.device);
  }
}
