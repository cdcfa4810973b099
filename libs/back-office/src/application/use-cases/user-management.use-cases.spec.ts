import { FixedClock, type TransactionContext } from '@mirrorline/shared';
import { InMemoryAuditLog } from '@mirrorline/audit/testing';
import { KycAdministration, type KycDecision } from '@mirrorline/kyc';
import { aUser, InMemoryUserRepository } from '@mirrorline/accounts/testing';
import {
  FakeAccessTokenIssuer,
  ImmediateUnitOfWork,
  InMemoryAccountBalances,
  InMemoryApprovalRequests,
  InMemoryTraderProfiles,
  InMemoryUserCopies,
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
import { RequestBalanceAdjustmentUseCase } from './request-balance-adjustment/request-balance-adjustment.use-case';
import { DecideApprovalRequestUseCase } from './decide-approval-request/decide-approval-request.use-case';
import { GrantAdminFromShellUseCase } from './grant-admin-from-shell/grant-admin-from-shell.use-case';
import { AdminGrantRequests } from '../services/admin-grant-requests';

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
  const approvals = new InMemoryApprovalRequests(users);
  const grants = new AdminGrantRequests(approvals, audit);
  const requestAdjustment = new RequestBalanceAdjustmentUseCase(uow, users, balances, approvals, audit);
  const otherAdmin = users.add(aUser({ roles: ['User', 'Admin'] }));
  return {
    users, balances, adjuster, traders, copies, sessions, hasher, audit, admin, adminActor, redaction, approvals, requestAdjustment, otherAdmin,
    otherActor: { userId: otherAdmin.id, roles: otherAdmin.roles, ip: '10.0.0.2' },
    decide: new DecideApprovalRequestUseCase(uow, approvals, users, adjuster, audit, new FixedClock(new Date('2026-11-27T13:00:00Z'))),
    shellGrant: new GrantAdminFromShellUseCase(uow, users, audit),
    update: new UpdateUserUseCase(uow, users, balances, traders, redaction.fake, audit, copies, requestAdjustment, grants, approvals),
    remove: new DeleteUserUseCase(uow, users, balances, copies, hasher, sessions, audit, new FixedClock(), redaction.fake),
    block: new BlockUserUseCase(uow, users, sessions, audit),
    create: new CreateUserUseCase(uow, users, hasher, traders, audit, grants),
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

  it('a new balance is a request for an adjustment of the difference: nothing moves until another admin approves', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    s.balances.balances.set(user.id, { cash: 1_000, held: 0, copyEquity: 0 });
    const result = await s.update.execute({ actor: s.adminActor, userId: user.id, cash: 2_550 });
    expect(result.changed).toEqual([]);
    expect(result.requested).toEqual([expect.objectContaining({ kind: 'balance_adjustment', amount: 1_550, requestedBy: s.admin.id, status: 'pending' })]);
    expect(result.user.pendingApprovals).toHaveLength(1);
    expect(s.adjuster.calls).toHaveLength(0);
    expect(s.audit.entries[0]).toMatchObject({ action: 'approval.request', actorId: s.admin.id, after: { amount: 1_550, balance: 1_000 }, ip: '10.0.0.1' });
    await s.decide.approve({ actor: s.otherActor, requestId: result.requested[0].id });
    expect(s.balances.balances.get(user.id)!.cash).toBe(2_550);
  });

  it('adding the Admin role is a request; the other role changes apply at once', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const result = await s.update.execute({ actor: s.adminActor, userId: user.id, roles: ['Trader', 'Admin'] });
    expect(result.changed).toEqual(['roles']);
    expect(s.users.users.get(user.id)!.roles).toEqual(['User', 'Trader']);
    expect(result.requested).toEqual([expect.objectContaining({ kind: 'admin_grant', targetUserId: user.id })]);
    // a second request for the same grant is the same request
    await expect(s.update.execute({ actor: s.otherActor, userId: user.id, roles: ['User', 'Trader', 'Admin'] })).rejects.toMatchObject({ code: 'APPROVAL.GRANT_PENDING', kind: 'conflict' });
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
    s.approvals.requests.clear(); // (the in-memory unit of work does not roll the grant request back)
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
    expect(s.audit.entries.map((e) => e.action)).toEqual(['user.kyc_change', 'approval.request', 'user.block', 'user.create']);
    for (const entry of s.audit.entries) {
      expect(entry.actorId).toBe(s.admin.id);
      expect(entry.after).toMatchObject({ impersonatedBy: s.admin.id });
    }
    expect([...s.approvals.requests.values()][0].requestedBy).toBe(s.admin.id);
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
    expect(created.requested).toEqual([]);
    expect(s.users.hashes.get(created.account.id)).toBe('hash:long-password');
    expect(JSON.stringify(s.audit.entries)).not.toContain('long-password');
  });

  it('creates a user asked with Admin without it, and asks another admin for the grant', async () => {
    const s = setup();
    const created = await s.create.execute({ actor: s.adminActor, username: 'b', firstname: 'B', lastname: 'Admin', email: 'b@example.test', password: 'long-password', roles: ['Admin'] });
    expect(created.account.roles).toEqual(['User']);
    expect(created.requested).toEqual([expect.objectContaining({ kind: 'admin_grant', targetUserId: created.account.id, requestedBy: s.admin.id })]);
    expect(s.audit.entries.map((e) => e.action)).toEqual(['user.create', 'approval.request']);
  });
});

/** Issue 26, "Separation of duties bypassed with a second admin": admin A creates admin B; B adds +1,000.00 to A's balance. */
describe('four eyes: DecideApprovalRequestUseCase, RequestBalanceAdjustmentUseCase, GrantAdminFromShellUseCase', () => {
  it('the attack as it was made: A asks for B as an admin, only another admin grants it; B asks for money for A, A cannot approve it', async () => {
    const s = setup();
    const created = await s.create.execute({ actor: s.adminActor, username: 'b', firstname: 'B', lastname: 'B', email: 'b@example.test', password: 'long-password', roles: ['Admin'] });
    const b = created.account;
    // A cannot approve its own request
    await expect(s.decide.approve({ actor: s.adminActor, requestId: created.requested[0].id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(s.users.users.get(b.id)!.roles).toEqual(['User']);
    // another admin can
    const granted = await s.decide.approve({ actor: s.otherActor, requestId: created.requested[0].id });
    expect(granted).toMatchObject({ status: 'approved', decider: { id: s.otherAdmin.id } });
    expect(s.users.users.get(b.id)!.roles).toEqual(['User', 'Admin']);
    const bActor = { userId: b.id, roles: ['User', 'Admin'] as ['User', 'Admin'], ip: null };
    // B asks for +1,000.00 for A: A benefits, so A cannot approve; B asked, so B cannot either
    const request = await s.requestAdjustment.execute({ actor: bActor, userId: s.admin.id, amount: 100_000, reason: 'thanks' });
    await expect(s.decide.approve({ actor: s.adminActor, requestId: request.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'You cannot approve a request that benefits you' });
    await expect(s.decide.approve({ actor: bActor, requestId: request.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(s.adjuster.calls).toHaveLength(0);
    // a third admin, who gains nothing, decides
    const third = s.users.add(aUser({ roles: ['User', 'Admin'] }));
    await s.decide.reject({ actor: { userId: third.id, roles: third.roles, ip: null }, requestId: request.id });
    await expect(s.decide.approve({ actor: s.otherActor, requestId: request.id })).rejects.toMatchObject({ code: 'APPROVAL.ALREADY_DECIDED' });
    expect(s.adjuster.calls).toHaveLength(0);
  });

  it('an approved adjustment is posted once, with a ledger reference unique to the request, and audited with who asked and who approved', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    const request = await s.requestAdjustment.execute({ actor: s.adminActor, userId: user.id, amount: 12_555, reason: 'Goodwill credit' });
    expect(request).toMatchObject({ status: 'pending', target: { id: user.id }, requester: { id: s.admin.id } });
    await s.decide.approve({ actor: s.otherActor, requestId: request.id });
    expect(s.adjuster.calls).toEqual([{ userId: user.id, targetCash: 12_555, actorId: s.otherAdmin.id, operationRef: `approval:${request.id}` }]);
    expect(s.audit.entries.find((e) => e.action === 'user.balance_adjust')).toMatchObject({
      actorId: s.otherAdmin.id,
      before: { balance: 0 },
      after: { balance: 12_555, amount: 12_555, reason: 'Goodwill credit', requestId: request.id, requestedBy: s.admin.id },
    });
    await expect(s.decide.approve({ actor: s.otherActor, requestId: request.id })).rejects.toMatchObject({ code: 'APPROVAL.ALREADY_DECIDED' });
    expect(s.adjuster.calls).toHaveLength(1);
  });

  it('refuses asking for your own balance (403), a debit the cash cannot cover (409), a short reason (400) and an unknown request (404)', async () => {
    const s = setup();
    const user = s.users.add(aUser());
    await expect(s.requestAdjustment.execute({ actor: s.adminActor, userId: s.admin.id, amount: 100, reason: 'for me' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(s.requestAdjustment.execute({ actor: s.adminActor, userId: user.id, amount: -1, reason: 'too much' })).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    await expect(s.requestAdjustment.execute({ actor: s.adminActor, userId: user.id, amount: 1, reason: ' x ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(s.decide.approve({ actor: s.otherActor, requestId: '00000000-0000-4000-9000-999999999999' })).rejects.toMatchObject({ code: 'APPROVAL.NOT_FOUND' });
    expect(s.approvals.requests.size).toBe(0);
  });

  it('the operator grants the Admin role from the shell at once, audited with no actor and via shell', async () => {
    const s = setup();
    const user = s.users.add(aUser({ email: 'solo@example.test' }));
    const result = await s.shellGrant.execute({ email: ' Solo@Example.test ', operator: 'root' });
    expect(result).toMatchObject({ granted: true, user: { roles: ['User', 'Admin'] } });
    expect(s.users.users.get(user.id)!.roles).toEqual(['User', 'Admin']);
    expect(s.audit.entries).toEqual([expect.objectContaining({ actorId: null, action: 'user.roles_change', targetId: user.id, after: { roles: ['User', 'Admin'], via: 'shell', operator: 'root' } })]);
    expect(await s.shellGrant.execute({ email: 'solo@example.test', operator: 'root' })).toMatchObject({ granted: false });
    expect(s.audit.entries).toHaveLength(1);
    await expect(s.shellGrant.execute({ email: 'nobody@example.test', operator: 'root' })).rejects.toMatchObject({ code: 'USERS.NOT_FOUND' });
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
