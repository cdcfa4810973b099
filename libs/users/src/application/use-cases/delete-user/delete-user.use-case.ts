import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock, DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { deletionBlocker, tombstoneFor } from '../../../domain/user-account';
import type { Actor } from '../../actor';
import { AccountBalances } from '../../ports/account-balances';
import { PasswordHasher } from '../../ports/password-hasher';
import { SessionRevoker } from '../../ports/session-revoker';
import { UserCopies } from '../../ports/user-copies';
import { UserRepository } from '../../ports/user.repository';
import { userNotFound } from '../../user-errors';

export interface DeleteUserCommand {
  actor: Actor;
  userId: string;
  /** required when users delete their own account */
  password?: string;
}

/**
 * Soft delete: the row stays (the ledger refers to it) but loses every personal datum; refused
 * while the account holds money or open copies, so no balance is ever orphaned.
 */
@Injectable()
export class DeleteUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly copies: UserCopies,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionRevoker,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(command: DeleteUserCommand): Promise<void> {
    const self = command.userId === command.actor.userId;
    if (!self && !command.actor.roles.includes('Admin')) {
      throw new DomainError('FORBIDDEN', 'You can only delete your own account', 'forbidden');
    }
    if (self) {
      if (!command.password) {
        throw new DomainError('VALIDATION_FAILED', 'password is required to delete your own account', 'validation', {
          errors: { password: ['password is required to delete your own account'] },
        });
      }
      const hash = await this.users.passwordHashOf(null, command.userId);
      if (!hash || !(await this.hasher.verify(hash, command.password))) {
        throw new DomainError('USERS.WRONG_PASSWORD', 'The password is not correct', 'unauthorized');
      }
    }
    const tombstoneHash = `!deleted!${randomBytes(24).toString('base64url')}`;
    await this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      const balances = (await this.balances.of(tx, [user.id])).get(user.id) ?? { cash: 0, held: 0, copyEquity: 0 };
      const blocker = deletionBlocker(balances, await this.copies.openCount(tx, user.id));
      if (blocker) throw new DomainError('USERS.HAS_FUNDS', blocker, 'conflict');
      await this.users.anonymise(tx, user.id, tombstoneFor(user.id), tombstoneHash, this.clock.now());
      await this.sessions.revokeAll(tx, user.id);
      await this.audit.record(tx, {
        actorId: command.actor.impersonatedBy ?? command.actor.userId,
        action: self ? 'user.delete_self' : 'user.delete',
        targetType: 'user',
        targetId: user.id,
        before: { username: user.username, email: user.email, roles: user.roles },
        after: { deleted: true },
        ip: command.actor.ip,
      });
    });
  }
}
