import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { normaliseRoles, type UserAccount, UserRepository } from '@mirrorline/accounts';

export interface GrantAdminFromShellResult {
  user: UserAccount;
  /** false when the user already was an Admin (nothing changed, nothing audited) */
  granted: boolean;
}

/**
 * `npm run admin -- grant EMAIL` (product.md §11.4): the operator, who holds the server and its database,
 * grants the Admin role at once, so that a single-admin installation is never stuck waiting for a second admin
 * to approve one. Audited as `user.roles_change` with no actor and `via: 'shell'` (and the operating-system
 * user), in the same transaction.
 */
@Injectable()
export class GrantAdminFromShellUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: { email: string; operator: string }): Promise<GrantAdminFromShellResult> {
    const email = command.email.normalize('NFKC').trim().toLowerCase();
    const found = await this.users.findByEmailWithHash(email);
    if (!found) throw new DomainError('USERS.NOT_FOUND', `No user has the email ${email}`, 'not_found');
    return this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, found.user.id);
      if (!user) throw new DomainError('USERS.NOT_FOUND', `No user has the email ${email}`, 'not_found');
      if (user.roles.includes('Admin')) return { user, granted: false };
      const roles = normaliseRoles([...user.roles, 'Admin']);
      await this.users.setRoles(tx, user.id, roles);
      await this.audit.record(tx, {
        actorId: null,
        action: 'user.roles_change',
        targetType: 'user',
        targetId: user.id,
        ip: null,
        before: { roles: user.roles },
        after: { roles, via: 'shell', operator: command.operator.slice(0, 64) },
      });
      return { user: { ...user, roles }, granted: true };
    });
  }
}
