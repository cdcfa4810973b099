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
    const retryAfter = loginRetryAfterSeconds(await this.failures.failuresSince(email, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)), now);
    if (retryAfter !== null) throw AuthErrors.tooManyLogins(retryAfter);

    const account = await this.uow.run((tx) => this.accounts.findByEmail(tx, email));
    let passwordOk = false;
    if (account) {
      passwordOk = await this.hasher.verify(account.passwordHash, command.password);
    } else {
      // Same argon2 work for unknown emails: response time must not reveal which emails have accounts.
      await this.hasher.burn(command.password);
    }
    if (!account || !passwordOk) {
      await this.failures.record(email, now);
      throw AuthErrors.invalidCredentials();
    }
    // Only a caller who knows the password learns the account's state.
    if (account.blocked) throw AuthErrors.blocked();
    if (!account.emailVerified) throw AuthErrors.emailNotVerified();
    await this.failures.clear(email);

    const refresh = await this.uow.run((tx) => this.sessions.refreshToken(tx, account.id));
    return { accessToken: await this.sessions.accessToken(account), refresh };
  }
}
