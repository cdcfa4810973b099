import { Injectable } from '@nestjs/common';
import { Clock, KeyedSerialQueue, UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCodeUseCase, VerifyOneTimeCodeUseCase } from '@mirrorline/otp';
import { AuthErrors } from '../../../domain/auth-errors';
import { normaliseEmail } from '../../../domain/email';
import {
  ACCOUNT_FAILURE_BOUND,
  clientKey,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_IP_FAILURE_LIMIT,
  loginRetryAfterSeconds,
  pairKey,
} from '../../../domain/login-throttle';
import { LoginFailureLog } from '../../ports/login-failure-log';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts, type AccountRecord } from '@mirrorline/accounts';
import { type IssuedRefreshToken } from '../../services/session-tokens';
import { SignIn } from '../../services/sign-in';
import type { DeviceInfo } from '../../ports/auth-sessions';
import { MfaCodes } from '../../services/mfa-codes';
import { MfaStore } from '../../ports/mfa-store';
import { hashOpaqueToken, newOpaqueToken } from '../../../domain/tokens';
import { MFA_CHALLENGE_TTL_MS } from '../../../domain/mfa';
import { CodeMailer } from '../../services/code-mailer';

export type LogInResult =
  | { mfaRequired?: undefined; accessToken: string; refresh: IssuedRefreshToken }
  /** 2FA is on: no session yet, only a 5-minute challenge spent by auth/login/mfa/ with the right code. */
  | { mfaRequired: true; mfaToken: string };

export interface LogInCommand {
  email: string;
  password: string;
  /** the client's address as the HTTP adapter sees it (req.ip) */
  client?: string;
  /** the step-up code mailed once the account passed ACCOUNT_FAILURE_BOUND */
  code?: string;
  /** user agent and address of the new session (sessions list, new-device notice) */
  device?: DeviceInfo;
}

/**
 * Sign-in with the throttling of product.md §10 (docs/auth.md). Attempts of one (email, client) pair run one
 * after another in this process, so parallel guesses see each other's completed failures; concurrent
 * correct logins simply succeed in turn.
 */
@Injectable()
export class LogInUseCase {
  private readonly attempts = new KeyedSerialQueue();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly failures: LoginFailureLog,
    private readonly signIn: SignIn,
    private readonly clock: Clock,
    private readonly mfa: MfaCodes,
    private readonly mfaStore: MfaStore,
    private readonly issueCode: IssueOneTimeCodeUseCase,
    private readonly verifyCode: VerifyOneTimeCodeUseCase,
    private readonly mail: CodeMailer,
  ) {}

  execute(command: LogInCommand): Promise<LogInResult> {
    const email = normaliseEmail(command.email);
    const key = pairKey(email, command.client ?? 'unknown');
    return this.attempts.run(key, () => this.attempt(command, email, key));
  }

  private async attempt(command: LogInCommand, email: string, pair: string): Promise<LogInResult> {
    const client = clientKey(command.client ?? 'unknown');
    const now = this.clock.now();
    const counts = await this.failures.failuresSince([pair, client], new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
    const retryAfter = loginRetryAfterSeconds(counts.get(pair) ?? [], now) ?? loginRetryAfterSeconds(counts.get(client) ?? [], now, LOGIN_IP_FAILURE_LIMIT);
    if (retryAfter !== null) throw AuthErrors.tooManyLogins(retryAfter);

    const account = await this.uow.run((tx) => this.accounts.findByEmail(tx, email));
    let passwordOk = false;
    if (account) {
      passwordOk = await this.hasher.verify(account.passwordHash, command.password);
    } else {
      // Same argon2 work for unknown emails: response time must not reveal which emails have accounts.
      await this.hasher.burn(command.password);
    }
    const pastBound = account !== null && (await this.failures.accountFailures(account.id)) >= ACCOUNT_FAILURE_BOUND;
    // Past the account-wide bound, a wrong password is answered exactly as the right one (product.md §11.4):
    // else the bound turned into an oracle (401 wrong, 403 right). See stepUp.
    if (account && pastBound) return this.stepUp(command, account, passwordOk, pair);
    // Recorded only now that the check is complete: an interrupted attempt never counts.
    if (!account || !passwordOk) {
      await this.failures.recordFailure([pair, client], this.clock.now());
      if (account) await this.failures.recordAccountFailure(account.id);
      throw AuthErrors.invalidCredentials();
    }
    return this.passed(command, account, pair);
  }

  /**
   * Sign-in past ACCOUNT_FAILURE_BOUND: the right password and the code mailed to the account open the
   * session; anything else answers 403 AUTH.STEP_UP_REQUIRED, the same whether the password or the code was
   * wrong, so neither the answer nor the code's state tells a guesser whether a password was right:
   * - without a code, the code is mailed only when the password was right;
   * - with a code, a wrong password spends a try of the live code like a wrong code does (five burn it), so a
   *   stolen code does not make password guesses free either;
   * - a wrong password still moves the account's count, but no (email, client) or client count: those
   *   would lock after five failures and not after five right passwords, a slower oracle. The guesses learn
   *   nothing, so they need no throttle of their own beyond the per-IP request limit.
   */
  private async stepUp(command: LogInCommand, account: AccountRecord, passwordOk: boolean, pair: string): Promise<LogInResult> {
    if (!passwordOk) await this.failures.recordAccountFailure(account.id);
    if (!command.code) {
      if (passwordOk) {
        const issued = await this.uow.run((tx) => this.issueCode.execute(tx, { userId: account.id, purpose: 'login_step_up' }));
        if (issued) this.mail.loginStepUpCode(account.email, issued.code);
      }
      throw AuthErrors.stepUpRequired();
    }
    // A wrong password tries an empty code, which never matches: the try is counted as a wrong code's would be.
    const code = passwordOk ? command.code : '';
    const outcome = await this.uow.run((tx) => this.verifyCode.execute(tx, { userId: account.id, purpose: 'login_step_up', code }));
    if (!passwordOk || outcome.kind !== 'verified') throw AuthErrors.stepUpRequired();
    return this.passed(command, account, pair);
  }

  /** The password (and, past the bound, the code) was right: the counts start again and the session opens. */
  private async passed(command: LogInCommand, account: AccountRecord, pair: string): Promise<LogInResult> {
    await this.failures.clear(pair);
    await this.failures.clearAccount(account.id);
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
