import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { MFA_CHALLENGE_TTL_MS } from '../../../domain/mfa';
import { hashOpaqueToken, newOpaqueToken } from '../../../domain/tokens';
import type { DeviceInfo } from '../../ports/auth-sessions';
import { MfaStore } from '../../ports/mfa-store';
import { MfaCodes } from '../../services/mfa-codes';
import type { IssuedRefreshToken } from '../../services/session-tokens';
import { SignIn } from '../../services/sign-in';
import { VerifyEmailUseCase } from './verify-email.use-case';

export type VerifyEmailSignInResult =
  /** signed in: the session opens as a login's would (refresh cookie + access token) */
  | { message: string; accessToken: string; refresh: IssuedRefreshToken; mfaRequired?: undefined }
  /** 2FA is on: the same 5-minute challenge a login gives, spent by auth/login/mfa/ with the right code */
  | { message: string; mfaRequired: true; mfaToken: string }
  /** verified but not signed in: a blocked account, or an Admin without 2FA (admins sign in with their second factor only) */
  | { message: string; accessToken?: undefined; mfaRequired?: undefined };

/**
 * POST auth/verifyotp/: verifying the email proves the new user holds the mailbox the code went to, right
 * after choosing a password at register/, so it signs them in (no second password entry). Everything a
 * login checks still holds: a blocked account gets no session, a user with 2FA gets the code step, and an
 * Admin without 2FA is never signed in by a mailed code.
 */
@Injectable()
export class VerifyEmailSignInUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly verifyEmail: VerifyEmailUseCase,
    private readonly signIn: SignIn,
    private readonly mfa: MfaCodes,
    private readonly mfaStore: MfaStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: { email: string; otp: string; device?: DeviceInfo }): Promise<VerifyEmailSignInResult> {
    const { message, account } = await this.verifyEmail.verify(command);
    if (!account || account.blocked) return { message };
    const mfaToken = await this.uow.run(async (tx) => {
      if (!(await this.mfa.isEnabled(tx, account.id))) return null;
      const token = newOpaqueToken();
      const createdAt = this.clock.now();
      await this.mfaStore.insertChallenge(tx, {
        userId: account.id,
        tokenHash: hashOpaqueToken(token),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + MFA_CHALLENGE_TTL_MS),
      });
      return token;
    });
    if (mfaToken) return { message, mfaRequired: true, mfaToken };
    if (account.roles.includes('Admin')) return { message };
    const { accessToken, refresh } = await this.signIn.open(account, command.device);
    return { message, accessToken, refresh };
  }
}
