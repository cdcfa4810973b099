import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { normaliseEmail } from '../../../domain/email';
import { LOGIN_FAILURE_WINDOW_MS, loginRetryAfterSeconds } from '../../../domain/login-throttle';
import { LoginFailureLog } from '../../ports/login-failure-log';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts } from '../../ports/user-accounts';
import { type IssuedRefreshToken } from '../../services/session-tokens';
import { SignIn } from '../../services/sign-in';
import type { DeviceInfo } from '../../ports/auth-sessions';
import { MfaCodes } from '../../services/mfa-codes';
import { MfaStore } from '../../ports/mfa-store';
import { hashOpaqueToken, newOpaqueToken } from '../../../domain/tokens';
import { MFA_CHALLENGE_TTL_MS } from '../../../domain/mfa';

export type LogInResult =
  | { mfaRequired?: undefined; accessToken: string; refresh: IssuedRefreshToken }
  /** 2FA is on: no session yet, only a 5-minute challenge spent by auth/login/mfa/ with the right code. */
  | { mfaRequired: true; mfaToken: string };

@Injectable()
export class LogIn {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly failures: LoginFailureLog,
    private readonly signIn: SignIn,
    private readonly clock: Clock,
    private readonly mfa: MfaCodes,
    private readonly mfaStore: MfaStore,
  ) {}

  async execute(command: { email: string; password: string; device?: DeviceInfo }): Promise<LogInResult> {
    const email = normaliseEmail(command.email);
    const now = this.clock.now();
    // Counted before the password check: N parallel guesses see each other, so at most
    // LOGIN_FAILURE_LIMIT of them ever reach argon2 per window.
    const attempt = await this.failures.recordAttempt(email, now, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
    const retryAfter = loginRetryAfterSeconds(attempt.earlier, now);
    if (retryAfter !== null) {
      await this.failures.forget(attempt.id);
      throw AuthErrors.tooManyLogins(retryAfter);
    }

    const account = await this.uow.run((tx) => this.accounts.findByEmail(tx, email));
    let passwordOk = false;
    if (account) {
      passwordOk = await this.hasher.verify(account.passwordHash, command.password);
    } else {
      // Same argon2 work for unknown emails: response time must not reveal which emails have accounts.
      await this.hasher.burn(command.password);
    }
    // A failed attempt stays recorded; the right password clears the count.
    if (!account || !passwordOk) throw AuthErrors.invalidCredentials();
    await this.failures.clear(email);
    // Only a caller who knows the password learns the account's state.
    if (account.blocked) throw AuthErrors.blocked();
    if (!account.emailVerified) throw AuthErrors.emailNotVerified();

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
    if (mfaToken) return { mfaRequired: true, mfaToken };
    return this.signIn.open(account, command.device);
  }
}
