import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { SessionRevoker } from '@mirrorline/auth';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { UserRepository, type UserAccount } from '@mirrorline/accounts';
import { userNotFound } from '../../user-errors';

export interface BlockUserCommand {
  actor: Actor;
  userId: string;
  blocked: boolean;
}

/** Blocks (or unblocks) a user; blocking ends every session at once. */
@Injectable()
export class BlockUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly sessions: SessionRevoker,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: BlockUserCommand): Promise<UserAccount> {
    if (command.blocked && command.userId === command.actor.userId) {
      throw new DomainError('USERS.CANNOT_BLOCK_SELF', 'You cannot block your own account', 'conflict');
    }
    return this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      if (user.blocked !== command.blocked) {
        await this.users.setBlocked(tx, user.id, command.blocked);
        await this.audit.record(tx, {
          actorId: auditActorId(command.actor),
          action: command.blocked ? 'user.block' : 'user.unblock',
          targetType: 'user',
          targetId: user.id,
          before: { blocked: user.blocked },
          after: auditDetail(command.actor, { blocked: command.blocked }),
          ip: command.actor.ip,
        });
      }
      if (command.blocked) await this.sessions.revokeAll(tx, user.id);
      return { ...user, blocked: command.blocked };
    });
  }
}
