import { FixedClock } from '@mirrorline/shared';
import { InMemoryMailer } from '@mirrorline/mail/testing';
import {
  FakePasswordHasher,
  ImmediateUnitOfWork,
  InMemoryApiTokenStore,
  InMemoryAuthSessions,
  InMemoryPasswordResetTokens,
  InMemoryRefreshTokenStore,
  InMemorySecurityInbox,
  InMemoryUserAccounts,
  JsonAccessTokenSigner,
  ZeroUserBalances,
} from '../../testing/in-memory-auth.fakes';
import { hashOpaqueToken } from '../../domain/tokens';
import { CodeMailer } from '../services/code-mailer';
import { SecurityAlerts } from '../services/security-alerts';
import { SessionTokens } from '../services/session-tokens';
import { UserInfoBuilder } from '../services/user-info.builder';
import { ChangePasswordUseCase } from './change-password/change-password.use-case';
import { ResetPasswordUseCase } from './reset-password/reset-password.use-case';
import { RevokeUserSessionsUseCase } from './revoke-user-sessions/revoke-user-sessions.use-case';

/** Issue 26: a `trade` token kept working after changepassword and after forgotpassword/reset. */
describe('ChangePasswordUseCase, ResetPasswordUseCase: every personal API token of the account ends with the password', () => {
  let accounts: InMemoryUserAccounts;
  let tokens: InMemoryApiTokenStore;
  let inbox: InMemorySecurityInbox;
  let resetTokens: InMemoryPasswordResetTokens;
  let change: ChangePasswordUseCase;
  let reset: ResetPasswordUseCase;
  const clock = new FixedClock(new Date('2026-11-27T10:00:00Z'));

  beforeEach(() => {
    const uow = new ImmediateUnitOfWork();
    accounts = new InMemoryUserAccounts();
    tokens = new InMemoryApiTokenStore();
    inbox = new InMemorySecurityInbox();
    resetTokens = new InMemoryPasswordResetTokens();
    const refresh = new InMemoryRefreshTokenStore();
    const hasher = new FakePasswordHasher();
    const revoke = new RevokeUserSessionsUseCase(uow, refresh, accounts, clock);
    const sessions = new SessionTokens(new JsonAccessTokenSigner(), refresh, new UserInfoBuilder(new ZeroUserBalances()), clock, uow, accounts, new InMemoryAuthSessions());
    const alerts = new SecurityAlerts(uow, accounts, inbox, new CodeMailer(new InMemoryMailer()));
    change = new ChangePasswordUseCase(uow, accounts, hasher, refresh, revoke, sessions, clock, tokens, alerts);
    reset = new ResetPasswordUseCase(uow, accounts, hasher, resetTokens, revoke, clock, tokens, alerts);
  });

  const tokenOf = (userId: string, name: string) =>
    tokens.insert({ kind: 'transaction' }, { userId, name, scopes: ['read', 'trade'], tokenHash: `h-${name}`, prefix: 'ml_pat_x', createdAt: clock.now() });

  it('a password change revokes every live token of the account, and says so in a notice', async () => {
    const jane = accounts.add();
    const other = accounts.add({ email: 'other@example.test', username: 'other' });
    await tokenOf(jane.id, 'bot');
    await tokenOf(jane.id, 'script');
    await tokenOf(other.id, 'theirs');
    await change.execute({ userId: jane.id, currentPassword: 'correct horse', newPassword: 'a new password' });
    expect(await tokens.countLive({ kind: 'transaction' }, jane.id)).toBe(0);
    expect(await tokens.countLive({ kind: 'transaction' }, other.id)).toBe(1);
    expect(inbox.posted).toEqual([expect.objectContaining({ userId: jane.id, type: 'security.api_tokens_revoked', body: expect.stringContaining('(2)') })]);
  });

  it('a wrong current password revokes nothing', async () => {
    const jane = accounts.add();
    await tokenOf(jane.id, 'bot');
    await expect(change.execute({ userId: jane.id, currentPassword: 'wrong', newPassword: 'a new password' })).rejects.toMatchObject({ code: 'AUTH.WRONG_PASSWORD' });
    expect(await tokens.countLive({ kind: 'transaction' }, jane.id)).toBe(1);
    expect(inbox.posted).toEqual([]);
  });

  it('a password reset revokes every live token of the account too; no notice when there was none', async () => {
    const jane = accounts.add();
    await tokenOf(jane.id, 'bot');
    await resetTokens.insert({ kind: 'transaction' }, { tokenHash: hashOpaqueToken('reset-1'), userId: jane.id, expiresAt: new Date(clock.now().getTime() + 60_000) });
    await reset.execute({ resetToken: 'reset-1', password: 'a new password' });
    expect(await tokens.countLive({ kind: 'transaction' }, jane.id)).toBe(0);
    expect(inbox.posted.map((n) => n.type)).toEqual(['security.api_tokens_revoked']);

    await resetTokens.insert({ kind: 'transaction' }, { tokenHash: hashOpaqueToken('reset-2'), userId: jane.id, expiresAt: new Date(clock.now().getTime() + 60_000) });
    await reset.execute({ resetToken: 'reset-2', password: 'another password' });
    expect(inbox.posted).toHaveLength(1);
  });
});
