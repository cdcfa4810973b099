import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { normaliseEmail } from '../../../domain/email';
import { LOGIN_FAILURE_WINDOW_MS, loginRetryAfterSeconds } from '../../../domain/login-throttle';
import { LoginFailureLog } from '../../ports/login-failure-log';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts } from '../../ports/user-accounts';
import { SessionTokens, type IssuedRefreshToken } from '../../services/session-tokens';

export interface LogInResult {
  accessToken: string;
  refresh: IssuedRefreshToken;
}

@Injectable()
export class LogIn {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly failures: LoginFailureLog,
    private readonly sessions: SessionTokens,
    private readonly clock: Clock,
  ) {}

  async execute(command: { email: string; password: string }): Promise<LogInResult> {
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

    const refresh = await this.uow.run((tx) => this.sessions.refreshToken(tx, account.id));
    return { accessToken: await this.sessions.accessToken(account), refresh };
  }
}
