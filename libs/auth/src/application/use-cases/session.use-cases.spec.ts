import { DomainError, FixedClock } from '@mirrorline/shared';
import {
  FakePasswordHasher,
  ImmediateUnitOfWork,
  InMemoryLoginFailureLog,
  InMemoryRefreshTokenStore,
  InMemoryUserAccounts,
  JsonAccessTokenSigner,
  ZeroUserBalances,
  InMemoryAuthSessions,
  InMemoryCodeTryLog,
  InMemoryMfaStore,
  InMemorySecurityInbox,
} from '../../testing/in-memory-auth.fakes';
import { InMemoryMailer } from '@mirrorline/mail/testing';
import type { AppConfig } from '@mirrorline/shared';
import { SignIn } from '../services/sign-in';
import { SecurityAlerts } from '../services/security-alerts';
import { CodeMailer } from '../services/code-mailer';
import { MfaCodes } from '../services/mfa-codes';
import { UserInfoBuilder } from '../services/user-info.builder';
import { SessionTokens } from '../services/session-tokens';
import { LogInUseCase } from './log-in/log-in.use-case';
import { IssueOneTimeCodeUseCase, VerifyOneTimeCodeUseCase } from '@mirrorline/otp';
import { InMemoryOneTimeCodeRepository } from '@mirrorline/otp/testing';
import { RefreshSessionUseCase } from './refresh-session/refresh-session.use-case';
import { RevokeUserSessionsUseCase } from './revoke-user-sessions/revoke-user-sessions.use-case';
import { CompleteMfaLoginUseCase } from './complete-mfa-login/complete-mfa-login.use-case';
import { VerifyEmailUseCase } from './verify-email/verify-email.use-case';
import { VerifyEmailSignInUseCase } from './verify-email/verify-email-sign-in.use-case';
import { CodeTryThrottle } from '../services/code-try-throttle';
import { Totp } from '../services/totp';
import { totpStepAt } from '../../domain/mfa';
import type { UserInfoExtras } from '../ports/user-info-extras';

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('LogInUseCase, CompleteMfaLoginUseCase, VerifyEmailSignInUseCase, RefreshSessionUseCase, RevokeUserSessionsUseCase (in-memory fakes)', () => {
  let accounts: InMemoryUserAccounts;
  let hasher: FakePasswordHasher;
  let failures: InMemoryLoginFailureLog;
  let store: InMemoryRefreshTokenStore;
  let clock: FixedClock;
  let sessions: SessionTokens;
  let logIn: LogInUseCase;
  let mails: InMemoryMailer;
  let refresh: RefreshSessionUseCase;
  let revoke: RevokeUserSessionsUseCase;
  let mfaStore: InMemoryMfaStore;
  let mfa: MfaCodes;
  let completeMfa: CompleteMfaLoginUseCase;
  let verifyEmailSignIn: VerifyEmailSignInUseCase;
  let issueCode: IssueOneTimeCodeUseCase;

  type Full = Extract<Awaited<ReturnType<LogInUseCase['execute']>>, { accessToken: string }>;
  const full = (command: { email: string; password: string }) => logIn.execute(command) as Promise<Full>;

  beforeEach(() => {
    const uow = new ImmediateUnitOfWork();
    accounts = new InMemoryUserAccounts();
    hasher = new FakePasswordHasher();
    failures = new InMemoryLoginFailureLog();
    store = new InMemoryRefreshTokenStore();
    clock = new FixedClock(new Date());
    const authSessions = new InMemoryAuthSessions();
    sessions = new SessionTokens(new JsonAccessTokenSigner(), store, new UserInfoBuilder(new ZeroUserBalances()), clock, uow, accounts, authSessions);
    const alerts = new SecurityAlerts(uow, accounts, new InMemorySecurityInbox(), new CodeMailer(new InMemoryMailer()));
    mfaStore = new InMemoryMfaStore();
    mfa = new MfaCodes(mfaStore, new InMemoryCodeTryLog(), clock, uow, { mfaEncryptionKey: Buffer.alloc(32, 7).toString('base64url') } as AppConfig);
    mails = new InMemoryMailer();
    const codes = new InMemoryOneTimeCodeRepository();
    const pepper = { value: 'unit-pepper' };
    const signIn = new SignIn(uow, sessions, authSessions, alerts);
    completeMfa = new CompleteMfaLoginUseCase(uow, mfaStore, mfa, accounts, signIn, clock);
    issueCode = new IssueOneTimeCodeUseCase(codes, pepper, clock);
    const verifyEmail = new VerifyEmailUseCase(uow, accounts, new VerifyOneTimeCodeUseCase(codes, pepper, clock), new CodeTryThrottle(new InMemoryCodeTryLog(), clock));
    verifyEmailSignIn = new VerifyEmailSignInUseCase(uow, verifyEmail, signIn, mfa, mfaStore, clock);
    logIn = new LogInUseCase(
      uow,
      accounts,
      hasher,
      failures,
      signIn,
      clock,
      mfa,
      mfaStore,
      new IssueOneTimeCodeUseCase(codes, pepper, clock),
      new VerifyOneTimeCodeUseCase(codes, pepper, clock),
      new CodeMailer(mails),
    );
    refresh = new RefreshSessionUseCase(uow, store, accounts, sessions, clock);
    revoke = new RevokeUserSessionsUseCase(uow, store, accounts, clock);
  });

  it('does the hashing work for an unknown email too (no timing oracle), and answers like a wrong password', async () => {
    expect(await codeOf(logIn.execute({ email: 'ghost@example.test', password: 'whatever' }))).toBe('AUTH.INVALID_CREDENTIALS');
    expect(hasher.calls).toEqual(['burn']);
    accounts.add();
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'wrong' }))).toBe('AUTH.INVALID_CREDENTIALS');
    expect(hasher.calls).toEqual(['burn', 'verify']);
  });

  it('reveals blocked/unverified only to the right password', async () => {
    accounts.add({ email: 'b@example.test', blocked: true });
    accounts.add({ email: 'u@example.test', username: 'u', emailVerified: false });
    expect(await codeOf(logIn.execute({ email: 'b@example.test', password: 'wrong' }))).toBe('AUTH.INVALID_CREDENTIALS');
    expect(await codeOf(logIn.execute({ email: 'b@example.test', password: 'correct horse' }))).toBe('BLOCKED');
    expect(await codeOf(logIn.execute({ email: 'u@example.test', password: 'correct horse' }))).toBe('AUTH.EMAIL_NOT_VERIFIED');
  });

  it('normalises the email and issues an access token with UserInfo and a refresh token in a new family', async () => {
    const jane = accounts.add();
    const result = await full({ email: '  JANE@example.test ', password: 'correct horse' });
    const claims = JSON.parse(result.accessToken);
    expect(claims).toMatchObject({ sub: jane.id, typ: 'access', UserInfo: { userId: jane.id, balance: '0.00', traderID: null, copyID: [], copiedTrades: 0 } });
    expect(store.rows).toHaveLength(1);
    expect(store.rows[0].tokenHash).not.toBe(result.refresh.token);
  });

  it('5 completed failures of one (email, client) pair: 429 with a Retry-After for that pair only, until the window passes', async () => {
    accounts.add();
    for (let i = 0; i < 5; i++) await codeOf(logIn.execute({ email: 'jane@example.test', password: 'wrong', client: '6.6.6.6' }));
    const error = await logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '6.6.6.6' }).catch((e: DomainError) => e);
    expect((error as DomainError).code).toBe('AUTH.TOO_MANY_LOGIN_ATTEMPTS');
    expect((error as DomainError).details.retryAfterSeconds).toBe(900);
    // The owner, from their own address, is not locked out by a stranger's failures.
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.0.0.1' }))).toBe('resolved');
    clock.advance(15 * 60 * 1000 + 1);
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '6.6.6.6' }))).toBe('resolved');
    expect(failures.failures.filter((f) => f.key.startsWith('pair:'))).toHaveLength(0);
  });

  it('concurrent correct logins of one user are all accepted; parallel guesses of one pair see each other (at most 5 checked)', async () => {
    accounts.add();
    const ok = await Promise.all(Array.from({ length: 8 }, () => codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '1.1.1.1' }))));
    expect(ok).toEqual(Array(8).fill('resolved'));
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => codeOf(logIn.execute({ email: 'jane@example.test', password: `wrong-${i}`, client: '2.2.2.2' }))));
    expect(guesses.filter((c) => c === 'AUTH.INVALID_CREDENTIALS')).toHaveLength(5);
    expect(guesses.filter((c) => c === 'AUTH.TOO_MANY_LOGIN_ATTEMPTS')).toHaveLength(7);
  });

  it('past 100 consecutive failures of the account, the right password also needs the code mailed to the account (step-up)', async () => {
    const jane = accounts.add();
    for (let i = 0; i < 100; i++) await codeOf(logIn.execute({ email: 'jane@example.test', password: 'wrong', client: `10.1.${Math.floor(i / 4)}.${i % 4}` }));
    expect(await failures.accountFailures(jane.id)).toBe(100);
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.9.9.9' }))).toBe('AUTH.STEP_UP_REQUIRED');
    await new Promise((resolve) => setImmediate(resolve)); // the mail goes out after the answer
    const code = mails.lastCodeFor('jane@example.test');
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.9.9.9', code: wrongCode }))).toBe('AUTH.STEP_UP_REQUIRED');
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'wrong', client: '10.9.9.8', code }))).toBe('AUTH.STEP_UP_REQUIRED');
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.9.9.9', code }))).toBe('resolved');
    expect(await failures.accountFailures(jane.id)).toBe(0);
  });

  it('past the bound, the right and the wrong password get the same answer; only the right one mails a code (issue 26: the oracle)', async () => {
    const jane = accounts.add();
    for (let i = 0; i < 100; i++) await failures.recordAccountFailure(jane.id);
    const sent = () => mails.sent.filter((m) => m.to === 'jane@example.test').length;
    const wrong = await logIn.execute({ email: 'jane@example.test', password: 'wrong', client: '10.9.9.1' }).catch((e: DomainError) => e);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent()).toBe(0);
    const right = await logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.9.9.1' }).catch((e: DomainError) => e);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent()).toBe(1);
    expect(wrong).toEqual(right);
    expect(wrong).toMatchObject({ code: 'AUTH.STEP_UP_REQUIRED', kind: 'forbidden' });
    // Neither counts against the (email, client) pair, so its lock cannot tell them apart either.
    expect(failures.failures.filter((f) => f.key.startsWith('pair:'))).toHaveLength(0);
  });

  it('past the bound, a wrong password with a code spends a try of the live code, as a wrong code does: five burn it', async () => {
    const jane = accounts.add();
    for (let i = 0; i < 100; i++) await failures.recordAccountFailure(jane.id);
    await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.9.9.2' }));
    await new Promise((resolve) => setImmediate(resolve));
    const code = mails.lastCodeFor('jane@example.test')!;
    for (let i = 0; i < 5; i++) {
      expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: `guess-${i}`, client: '10.9.9.2', code }))).toBe('AUTH.STEP_UP_REQUIRED');
    }
    // the right password with the (now burned) right code: still the same answer; a new code is needed
    expect(await codeOf(logIn.execute({ email: 'jane@example.test', password: 'correct horse', client: '10.9.9.2', code }))).toBe('AUTH.STEP_UP_REQUIRED');
  });

  it('rotates within the family; a replayed token revokes the family', async () => {
    accounts.add();
    const { refresh: first } = await full({ email: 'jane@example.test', password: 'correct horse' });
    const second = await refresh.execute({ refreshToken: first.token });
    expect(second.refresh.familyId).toBe(first.familyId);
    expect(await codeOf(refresh.execute({ refreshToken: first.token }))).toBe('AUTH.REFRESH_REJECTED');
    expect(store.rows.every((r) => r.revokedAt)).toBe(true);
    expect(await codeOf(refresh.execute({ refreshToken: second.refresh.token }))).toBe('AUTH.REFRESH_REJECTED');
  });

  it('no cookie → AUTH.NO_REFRESH_TOKEN (401)', async () => {
    const error = await refresh.execute({ refreshToken: undefined }).catch((e: DomainError) => e);
    expect(error).toMatchObject({ code: 'AUTH.NO_REFRESH_TOKEN', kind: 'unauthorized' });
  });

  it('RevokeUserSessionsUseCase keeps only the named family and invalidates access tokens', async () => {
    const jane = accounts.add();
    const a = await full({ email: 'jane@example.test', password: 'correct horse' });
    const b = await full({ email: 'jane@example.test', password: 'correct horse' });
    await revoke.execute({ userId: jane.id, keepFamilyId: a.refresh.familyId });
    expect(await codeOf(refresh.execute({ refreshToken: b.refresh.token }))).toBe('AUTH.REFRESH_REJECTED');
    expect(await codeOf(refresh.execute({ refreshToken: a.refresh.token }))).toBe('resolved');
    expect(accounts.rows[0].tokensValidAfter).toBeInstanceOf(Date);
  });

  it('accessTokenForUser signs for a user by id, with the impersonating admin in imp', async () => {
    const jane = accounts.add();
    const claims = JSON.parse(await sessions.accessTokenForUser(jane.id, { impersonatedBy: 'admin-1' }));
    expect(claims).toMatchObject({ sub: jane.id, imp: 'admin-1', UserInfo: { email: 'jane@example.test' } });
    expect(await codeOf(sessions.accessTokenForUser('nobody'))).toBe('NOT_FOUND');
  });

  it('UserInfo takes copy-trading extras from a provided port', async () => {
    const extras: UserInfoExtras = { of: async () => ({ traderID: 7, copyID: ['c1'], copiedTrades: 3 }) };
    const builder = new UserInfoBuilder(new ZeroUserBalances(), extras);
    const info = await builder.build(accounts.add());
    expect(info).toMatchObject({ traderID: 7, copyID: ['c1'], copiedTrades: 3 });
  });
  describe('CompleteMfaLoginUseCase: the challenge of a right password plus the second factor opens the session', () => {
    const tx = { kind: 'transaction' } as const;
    async function withMfa(over: Parameters<InMemoryUserAccounts['add']>[0] = {}) {
      const jane = accounts.add(over);
      const secret = Totp.newSecret();
      await mfaStore.setPending(tx, jane.id, mfa.seal(secret));
      await mfaStore.enable(tx, jane.id, mfa.seal(secret), clock.now(), totpStepAt(clock.now().getTime()) - 5);
      const challenge = await logIn.execute({ email: jane.email, password: 'correct horse' });
      if (!challenge.mfaRequired) throw new Error('expected a 2FA challenge');
      const code = (stepOffset = 0) => Totp.codeAt(secret, totpStepAt(clock.now().getTime()) + stepOffset);
      return { jane, mfaToken: challenge.mfaToken, code };
    }

    it('a right password gives no session yet; a wrong code leaves the challenge, the right one opens it once', async () => {
      const { jane, mfaToken, code } = await withMfa();
      expect(store.rows).toHaveLength(0);
      expect(await codeOf(completeMfa.execute({ mfaToken, code: code() === '000000' ? '111111' : '000000' }))).toBe('MFA.INVALID_CODE');
      const opened = (await completeMfa.execute({ mfaToken, code: code() })) as { accessToken: string };
      expect(JSON.parse(opened.accessToken)).toMatchObject({ sub: jane.id, typ: 'access' });
      expect(store.rows).toHaveLength(1);
      expect(await codeOf(completeMfa.execute({ mfaToken, code: code(1) }))).toBe('MFA.CHALLENGE_INVALID');
      expect(store.rows).toHaveLength(1);
    });

    it('five wrong codes lock the account (429), for the right code too', async () => {
      const { mfaToken, code } = await withMfa();
      const wrong = code() === '000000' ? '111111' : '000000';
      expect(await codeOf(completeMfa.execute({ mfaToken, code: wrong }))).toBe('MFA.INVALID_CODE');
      for (let i = 0; i < 4; i++) await codeOf(completeMfa.execute({ mfaToken, code: wrong }));
      expect(await codeOf(completeMfa.execute({ mfaToken, code: code() }))).toBe('MFA.TOO_MANY_ATTEMPTS');
      expect(store.rows).toHaveLength(0);
    });

    it('an unknown or expired challenge is refused before any code is checked', async () => {
      const { mfaToken, code } = await withMfa();
      expect(await codeOf(completeMfa.execute({ mfaToken: 'not-a-challenge', code: code() }))).toBe('MFA.CHALLENGE_INVALID');
      clock.advance(60 * 60 * 1000);
      expect(await codeOf(completeMfa.execute({ mfaToken, code: code() }))).toBe('MFA.CHALLENGE_INVALID');
      expect(store.rows).toHaveLength(0);
    });

    it('a user blocked after the password step gets 403 BLOCKED with the right code, and no session', async () => {
      const { jane, mfaToken, code } = await withMfa();
      accounts.rows.find((r) => r.id === jane.id)!.blocked = true;
      expect(await codeOf(completeMfa.execute({ mfaToken, code: code() }))).toBe('BLOCKED');
      expect(store.rows).toHaveLength(0);
    });
  });
  describe('VerifyEmailSignInUseCase: the right code verifies the email and signs in as a login would', () => {
    const tx = { kind: 'transaction' } as const;
    async function unverified(over: Parameters<InMemoryUserAccounts['add']>[0] = {}) {
      const user = accounts.add({ emailVerified: false, ...over });
      const issued = await issueCode.execute(tx, { userId: user.id, purpose: 'email_verification' });
      return { user, code: issued!.code };
    }

    it('verifies the email and opens a session (access token and a refresh token)', async () => {
      const { user, code } = await unverified();
      const result = await verifyEmailSignIn.execute({ email: user.email, otp: code });
      expect(result).toMatchObject({ message: 'Your email has been verified', accessToken: expect.any(String) });
      expect(JSON.parse((result as { accessToken: string }).accessToken)).toMatchObject({ sub: user.id });
      expect(accounts.rows[0].emailVerified).toBe(true);
      expect(store.rows).toHaveLength(1);
    });

    it('a wrong code verifies nothing and opens nothing', async () => {
      const { user, code } = await unverified();
      expect(await codeOf(verifyEmailSignIn.execute({ email: user.email, otp: code === '000000' ? '000001' : '000000' }))).toMatch(/^OTP\./);
      expect(accounts.rows[0].emailVerified).toBe(false);
      expect(store.rows).toHaveLength(0);
    });

    it('a blocked account, and an Admin without 2FA, are verified but not signed in', async () => {
      for (const over of [{ blocked: true, email: 'b@example.test', username: 'b' }, { roles: ['User', 'Admin'] as never, email: 'a@example.test', username: 'a' }]) {
        const { user, code } = await unverified(over);
        const result = await verifyEmailSignIn.execute({ email: user.email, otp: code });
        expect(result).toEqual({ message: 'Your email has been verified' });
        expect(accounts.rows.find((r) => r.id === user.id)?.emailVerified).toBe(true);
      }
      expect(store.rows).toHaveLength(0);
    });

    it('with 2FA on, it gives the login challenge, which the right code then spends', async () => {
      const { user, code } = await unverified();
      const secret = Totp.newSecret();
      await mfaStore.setPending(tx, user.id, mfa.seal(secret));
      await mfaStore.enable(tx, user.id, mfa.seal(secret), clock.now(), totpStepAt(clock.now().getTime()) - 5);
      const result = await verifyEmailSignIn.execute({ email: user.email, otp: code });
      if (!result.mfaRequired) throw new Error('expected the 2FA step');
      expect(store.rows).toHaveLength(0);
      await completeMfa.execute({ mfaToken: result.mfaToken, code: Totp.codeAt(secret, totpStepAt(clock.now().getTime())) });
      expect(store.rows).toHaveLength(1);
    });
  });
});
