import { FixedClock, type TransactionContext } from '@mirrorline/shared';
import { InMemoryAuditLog } from '@mirrorline/audit';
import { KycAdministration, type KycDecision } from '@mirrorline/kyc';
import {
  aUser,
  FakeAccessTokenIssuer,
  ImmediateUnitOfWork,
  InMemoryAccountBalances,
  InMemoryTraderProfiles,
  InMemoryUserCopies,
  InMemoryUserRepository,
  PlainPasswordHasher,
  RecordingBalanceAdjuster,
  RecordingSessionRevoker,
  TX,
} from '../../testing/in-memory-users.fakes';
import { UpdateUserUseCase } from './update-user/update-user.use-case';
import { DeleteUserUseCase } from './delete-user/delete-user.use-case';
import { BlockUserUseCase } from './block-user/block-user.use-case';
import { CreateUserUseCase } from './create-user/create-user.use-case';
import { ImpersonateUserUseCase } from './impersonate-user/impersonate-user.use-case';
import { VerifyAdminCredentialsUseCase } from './verify-admin-credentials/verify-admin-credentials.use-case';

/** The KYC context's port, faked over the same in-memory users: decisions set the status; one stored document per user, removed only after the commit. */
function fakeKyc(users: InMemoryUserRepository) {
  const redacted: string[] = [];
  const removed: string[] = [];
  class FakeKycAdministration extends KycAdministration {
    async setStatus(_tx: TransactionContext, command: KycDecision) {
      const user = users.users.get(command.userId)!;
      users.users.set(user.id, { ...user, kycStatus: command.status });
      return { before: user.kycStatus, after: command.status, submissionId: null };
    }
    async redact(_tx: TransactionContext, userId: string) {
      redacted.push(userId);
      return [`key-of-${userId}`];
    }
    async removeDocuments(keys: string[]) {
      removed.push(...keys);
    }
  }
  return { fake: new FakeKycAdministration(), redacted, removed };
}

function setup() {
  const users = new InMemoryUserRepository();
  const balances = new InMemoryAccountBalances();
  const adjuster = new RecordingBalanceAdjuster(balances);
  const traders = new InMemoryTraderProfiles();
  const copies = new InMemoryUserCopies();
  const sessions = new RecordingSessionRevoker();
  const hasher = new PlainPasswordHasher();
  const audit = new InMemoryAuditLog();
  const uow = new ImmediateUnitOfWork();
  const admin = users.add(aUser({ roles: ['User', 'Admin'] }), 'hash:admin-password');
  const adminActor = { userId: admin.id, roles: admin.roles, ip: '10.0.0.1' };
  const redaction = fakeKyc(users);
  return {
    users, balances, adjuster, traders, copies, sessions, hasher, audit, admin, adminActor, redaction,
    update: new UpdateUserUseCase(uow, users, balances, adjuster, traders, redaction.fake, audit, copies),
    remove: new DeleteUserUseCase(uow, users, balances, copies, hasher, sessions, audit, new FixedClock(), redaction.fake),
    block: new BlockUserUseCase(uow, users, sessions, audit),
    create: new CreateUserUseCase(uow, users, hasher, traders, audit),
    impersonate: new ImpersonateUserUseCase(uow, users, new FakeAccessTokenIssuer(), audit),
    verifyAdmin: new VerifyAdminCredentialsUseCase(users, hasher),
  };
}

describe('UpdateUserUseCase', () => {
  it('changes nothing and audits nothing when every sent field equals the current value', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const result = await s.update.execute({ actor: s.adminActor, userId: user.id, roles: ['User'], kycStatus: 'Unverified', cash: 0 });
    expect(result.changed).toEqual([]);
    expect(s.audit.entries).toHaveLength(0);
    expect(s.adjuster.calls).toHaveLength(0);
  });

  it('adjusts the balance through the ledger port and audits before/after', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    s.balances.balances.set(user.id, { cash: 1_000, held: 0, copyEquity: 0 });
    const result = await s.update.execute({ actor: s.adminActor, userId: user.id, cash: 2_550 });
    expect(result.changed).toEqual(['balance']);
    expect(s.adjuster.calls).toEqual([{ userId: user.id, targetCash: 2_550, actorId: s.admin.id }]);
    expect(s.audit.entries[0]).toMatchObject({ action: 'user.balance_adjust', actorId: s.admin.id, before: { balance: 1_000 }, after: { balance: 2_550 }, ip: '10.0.0.1' });
    expect(result.user.balances.cash).toBe(2_550);
  });

  it('grants Trader with a trader profile and keeps User', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const result = await s.update.execute({ actor: s.adminActor, userId: user.id, roles: ['Trader'] });
    expect(result.user.account.roles).toEqual(['User', 'Trader']);
    expect(result.user.traderID).toBe(1);
    expect(s.traders.profiles.get(user.id)).toBe(1);
  });

  it('refuses removing your own Admin role', async () => {
    const s = setup();
    await expect(s.update.execute({ actor: s.adminActor, userId: s.admin.id, roles: ['User'] })).rejects.toMatchObject({ code: 'USERS.CANNOT_DEMOTE_SELF' });
  });

  it('sets KYC through the KYC context and audits it', async () => {
    const s = setup();
    const user = s.users.add(aUser({ kycStatus: 'Pending' }));
    await s.update.execute({ actor: s.adminActor, userId: user.id, kycStatus: 'Verified' });
    expect(s.users.users.get(user.id)!.kycStatus).toBe('Verified');
    expect(s.audit.entries[0]).toMatchObject({ action: 'user.kyc_change', before: { KYC: 'Pending' }, after: { KYC: 'Verified' } });
  });

  it('refuses removing the Trader role while followers copy the trader or a trade is open', async () => {
    const s = setup();
    const trader = s.users.add(aUser({ roles: ['User', 'Trader'] }));
    s.copies.exposure.set(trader.id, { liveCopies: 1, openTrades: 0 });
    await expect(s.update.execute({ actor: s.adminActor, userId: trader.id, roles: ['User'] })).rejects.toMatchObject({
      code: 'USERS.TRADER_HAS_FOLLOWERS',
      kind: 'conflict',
    });
    s.copies.exposure.set(trader.id, { liveCopies: 0, openTrades: 2 });
    await expect(s.update.execute({ actor: s.adminActor, userId: trader.id, roles: ['User', 'Admin'] })).rejects.toMatchObject({ code: 'USERS.TRADER_HAS_FOLLOWERS' });
    expect(s.users.users.get(trader.id)!.roles).toEqual(['User', 'Trader']);
    s.copies.exposure.set(trader.id, { liveCopies: 0, openTrades: 0 });
    await s.update.execute({ actor: s.adminActor, userId: trader.id, roles: ['User'] });
    expect(s.users.users.get(trader.id)!.roles).toEqual(['User']);
  });

  it('audits an impersonated change under the admin behind the token, with impersonatedBy', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const actor = { userId: 'someone-else', roles: ['User', 'Admin'] as const, impersonatedBy: s.admin.id, ip: null };
    await s.update.execute({ actor: { ...actor, roles: [...actor.roles] }, userId: user.id, kycStatus: 'Verified', cash: 100 });
    await s.block.execute({ actor: { ...actor, roles: [...actor.roles] }, userId: user.id, blocked: true });
    await s.create.execute({ actor: { ...actor, roles: [...actor.roles] }, username: 'imp', firstname: 'I', lastname: 'P', email: 'imp@example.test', password: 'long-password', roles: [] });
    expect(s.audit.entries.map((e) => e.action)).toEqual(['user.kyc_change', 'user.balance_adjust', 'user.block', 'user.create']);
    for (const entry of s.audit.entries) {
      expect(entry.actorId).toBe(s.admin.id);
      expect(entry.after).toMatchObject({ impersonatedBy: s.admin.id });
    }
    expect(s.adjuster.calls[0].actorId).toBe(s.admin.id);
  });
});

describe('DeleteUserUseCase', () => {
  it('refuses while any account holds money or a copy is open', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    s.balances.balances.set(user.id, { cash: 0, held: 0, copyEquity: 5 });
    await expect(s.remove.execute({ actor: s.adminActor, userId: user.id })).rejects.toMatchObject({ code: 'USERS.HAS_FUNDS', kind: 'conflict' });
    s.balances.balances.set(user.id, { cash: 0, held: 0, copyEquity: 0 });
    s.copies.copies.push({ id: 'c1', followerId: user.id, traderId: 1, status: 'paused', equity: 0, createdAt: new Date() });
    await expect(s.remove.execute({ actor: s.adminActor, userId: user.id })).rejects.toMatchObject({ code: 'USERS.HAS_FUNDS' });
    expect(s.users.users.get(user.id)!.deletedAt).toBeNull();
  });

  it('refuses while a deposit or withdrawal is Pending, and while followers copy the user as a trader', async () => {
    const s = setup();
    const user = s.users.add(aUser({ roles: ['User', 'Trader'] }));
    s.balances.pending.set(user.id, 1);
    await expect(s.remove.execute({ actor: s.adminActor, userId: user.id })).rejects.toMatchObject({ code: 'USERS.PENDING_TRANSACTIONS', kind: 'conflict' });
    s.balances.pending.set(user.id, 0);
    s.copies.exposure.set(user.id, { liveCopies: 3, openTrades: 1 });
    await expect(s.remove.execute({ actor: s.adminActor, userId: user.id })).rejects.toMatchObject({ code: 'USERS.TRADER_HAS_FOLLOWERS', kind: 'conflict' });
    expect(s.users.users.get(user.id)!.deletedAt).toBeNull();
    expect(s.redaction.redacted).toEqual([]);
    expect(s.audit.entries).toHaveLength(0);
  });

  it('redacts KYC data, removes the documents after the transaction and audits ids only', async () => {
    const s = setup();
    const user = s.users.add(aUser({ email: 'jane@example.test', username: 'jane_doe' }));
    await s.remove.execute({ actor: s.adminActor, userId: user.id });
    expect(s.redaction.redacted).toEqual([user.id]);
    expect(s.redaction.removed).toEqual([`key-of-${user.id}`]);
    expect(JSON.stringify(s.audit.entries)).not.toMatch(/jane/);
  });

  it('anonymises, revokes sessions and audits', async () => {
    const s = setup();
    const user = s.users.add(aUser({ email: 'jane@example.test', firstname: 'Jane' }), 'hash:pw');
    await s.remove.execute({ actor: s.adminActor, userId: user.id });
    const after = s.users.users.get(user.id)!;
    expect(after.email).not.toContain('jane');
    expect(after.firstname).toBe('');
    expect(after.deletedAt).not.toBeNull();
    expect(s.users.hashes.get(user.id)).not.toBe('hash:pw');
    expect(s.sessions.revoked).toEqual([user.id]);
    expect(s.audit.entries[0]).toMatchObject({ action: 'user.delete', targetId: user.id });
  });

  it('needs the right password for self-deletion and refuses deleting others without Admin', async () => {
    const s = setup();
    const user = s.users.add(aUser(), 'hash:mine');
    const other = s.users.add(aUser());
    const actor = { userId: user.id, roles: user.roles };
    await expect(s.remove.execute({ actor, userId: other.id })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(s.remove.execute({ actor, userId: user.id })).rejects.toMatchObject({ kind: 'validation' });
    await expect(s.remove.execute({ actor, userId: user.id, password: 'wrong' })).rejects.toMatchObject({ kind: 'unauthorized' });
    await s.remove.execute({ actor, userId: user.id, password: 'mine' });
    expect(s.audit.entries[0]).toMatchObject({ action: 'user.delete_self', actorId: user.id });
  });
});

describe('BlockUserUseCase', () => {
  it('revokes sessions when blocking, audits only real changes, refuses blocking yourself', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    await s.block.execute({ actor: s.adminActor, userId: user.id, blocked: true });
    await s.block.execute({ actor: s.adminActor, userId: user.id, blocked: true });
    await s.block.execute({ actor: s.adminActor, userId: user.id, blocked: false });
    expect(s.audit.entries.map((e) => e.action)).toEqual(['user.block', 'user.unblock']);
    expect(s.sessions.revoked).toEqual([user.id, user.id]);
    await expect(s.block.execute({ actor: s.adminActor, userId: s.admin.id, blocked: true })).rejects.toMatchObject({ code: 'USERS.CANNOT_BLOCK_SELF' });
  });
});

describe('CreateUserUseCase', () => {
  it('always adds User, pre-verifies the email, hashes the password and gives Traders a profile', async () => {
    const s = setup();
    const created = await s.create.execute({ actor: s.adminActor, username: 'new', firstname: 'N', lastname: 'U', email: 'New@Example.test', password: 'long-password', roles: ['Trader'] });
    expect(created.account).toMatchObject({ email: 'new@example.test', roles: ['User', 'Trader'], emailVerified: true });
    expect(created.traderID).toBe(1);
    expect(s.users.hashes.get(created.account.id)).toBe('hash:long-password');
    expect(JSON.stringify(s.audit.entries)).not.toContain('long-password');
  });
});

describe('ImpersonateUserUseCase', () => {
  it('audits, then issues a token carrying the admin id', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const { accessToken } = await s.impersonate.execute({ actor: s.adminActor, userId: user.id });
    expect(accessToken).toBe(`token:${user.id}:${s.admin.id}`);
    expect(s.audit.entries[0]).toMatchObject({ action: 'user.impersonate', actorId: s.admin.id, targetId: user.id });
  });

  it('refuses chaining, yourself, blocked users and other admins', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const blocked = s.users.add(aUser({ blocked: true }));
    const otherAdmin = s.users.add(aUser({ roles: ['User', 'Admin'] }));
    await expect(s.impersonate.execute({ actor: s.adminActor, userId: otherAdmin.id })).rejects.toMatchObject({
      code: 'USERS.IMPERSONATE_ADMIN_FORBIDDEN',
      kind: 'forbidden',
    });
    await expect(s.impersonate.execute({ actor: { ...s.adminActor, impersonatedBy: 'x' }, userId: user.id })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(s.impersonate.execute({ actor: s.adminActor, userId: s.admin.id })).rejects.toMatchObject({ kind: 'validation' });
    await expect(s.impersonate.execute({ actor: s.adminActor, userId: blocked.id })).rejects.toMatchObject({ kind: 'conflict' });
    expect(s.audit.entries).toHaveLength(0);
  });
});

describe('VerifyAdminCredentialsUseCase', () => {
  it('lets in only an active, verified admin with the right password', async () => {
    const s = setup();
    s.users.add(aUser({ email: 'user@example.test' }), 'hash:pw');
    s.users.add(aUser({ email: 'blocked@example.test', roles: ['User', 'Admin'], blocked: true }), 'hash:pw');
    s.users.add(aUser({ email: 'unverified@example.test', roles: ['User', 'Admin'], emailVerified: false }), 'hash:pw');
    expect(await s.verifyAdmin.execute(s.admin.email, 'admin-password')).toMatchObject({ id: s.admin.id });
    expect(await s.verifyAdmin.execute(` ${s.admin.email.toUpperCase()} `, 'admin-password')).toMatchObject({ id: s.admin.id });
    expect(await s.verifyAdmin.execute(s.admin.email, 'wrong')).toBeNull();
    for (const email of ['user@example.test', 'blocked@example.test', 'unverified@example.test', 'nobody@example.test']) {
      expect(await s.verifyAdmin.execute(email, 'pw')).toBeNull();
    }
  });

  it('re-checks a session: blocked, demoted or deleted admins are no longer active', async () => {
    const s = setup();
    expect(await s.verifyAdmin.activeAdmin(s.admin.id)).toEqual({ id: s.admin.id, roles: ['User', 'Admin'] });
    await s.users.setBlocked(TX, s.admin.id, true);
    expect(await s.verifyAdmin.activeAdmin(s.admin.id)).toBeNull();
    await s.users.setBlocked(TX, s.admin.id, false);
    await s.users.setRoles(TX, s.admin.id, ['User']);
    expect(await s.verifyAdmin.activeAdmin(s.admin.id)).toBeNull();
    await s.users.setRoles(TX, s.admin.id, ['User', 'Admin']);
    await s.users.anonymise(TX, s.admin.id, { email: 'x', username: 'x', firstname: '', lastname: '' }, 'h', new Date());
    expect(await s.verifyAdmin.activeAdmin(s.admin.id)).toBeNull();
    expect(await s.verifyAdmin.activeAdmin('missing')).toBeNull();
  });
});
