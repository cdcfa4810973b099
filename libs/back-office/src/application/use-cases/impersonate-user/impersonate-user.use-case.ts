import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { AccessTokenIssuer } from '@mirrorline/auth';
import type { Actor } from '../../actor';
import { UserRepository } from '@mirrorline/accounts';
import { userNotFound } from '../../user-errors';

/**
 * "Log in as" (product.md §8): an access token for the target whose claims carry `imp: <adminId>`,
 * so that sensitive routes (@NotImpersonated) refuse it and every use is traceable. No refresh
 * token is issued: the impersonation ends when the 15-minute access token expires.
 */
@Injectable()
export class ImpersonateUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly tokens: AccessTokenIssuer,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: { actor: Actor; userId: string }): Promise<{ accessToken: string }> {
    if (command.actor.impersonatedBy) {
      throw new DomainError('USERS.IMPERSONATION_FORBIDDEN', 'This action is not allowed while acting as another user', 'forbidden');
    }
    if (command.userId === command.actor.userId) {
      throw new DomainError('USERS.IMPERSONATE_SELF', 'You are already signed in as this user', 'validation');
    }
    await this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      if (user.blocked) throw new DomainError('USERS.BLOCKED', 'This user is blocked', 'conflict');
      // An admin's token would hand one admin every power of another (and an audit trail under the
      // other's name): the simplest safe rule is that admins are never impersonated.
      if (user.roles.includes('Admin')) {
        throw new DomainError('USERS.IMPERSONATE_ADMIN_FORBIDDEN', 'Another admin cannot be impersonated', 'forbidden');
      }
      await this.audit.record(tx, {
        actorId: command.actor.userId,
        action: 'user.impersonate',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: { username: user.username },
        ip: command.actor.ip,
      });
    });
    // Signed once the audit entry is committed: no impersonation token exists without its trace.
    return { accessToken: await this.tokens.issueFor(command.userId, { impersonatedBy: command.actor.userId, sessionId: command.actor.sessionId }) };
  }
}
