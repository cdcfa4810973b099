import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Clock, DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { SessionRevoker, PasswordHasher } from '@mirrorline/auth';
import { KycAdministration } from '@mirrorline/kyc';
import { deletionBlocker, tombstoneFor, UserRepository } from '@mirrorline/accounts';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { AccountBalances } from '../../ports/account-balances';
import { UserCopies } from '../../ports/user-copies';
import { userNotFound } from '../../user-errors';

export interface DeleteUserCommand {
  actor: Actor;
  userId: string;
  /** required when users delete their own account */
  password?: string;
}

/**
 * Soft delete: the row stays (the ledger refers to it) but loses every personal datum, KYC documents
 * included; refused while the account holds money or open copies, while a deposit or withdrawal waits
 * for a decision, and while followers still copy the user as a trader, so nothing is ever orphaned.
 */
@Injectable()
export class DeleteUserUseCase {
  private readonly logger = new Logger(DeleteUserUseCase.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly copies: UserCopies,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionRevoker,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly kyc: KycAdministration,
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
    const documentKeys = await this.uow.run(async (tx) => {
      // The user row first (FOR UPDATE): a deposit request or approval takes a share lock on it and so
      // queues behind this deletion (and then finds the user deleted), or this deletion queues behind it.
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      // Then the ledger accounts, locked: no posting can move money in between this check and the commit.
      const balances = await this.balances.lockedOf(tx, user.id);
      const blocker = deletionBlocker(
        balances,
        await this.copies.openCount(tx, user.id),
        await this.balances.pendingRequestsOf(tx, user.id),
        await this.copies.traderExposure(tx, user.id),
      );
      if (blocker) throw new DomainError(blocker.code, blocker.message, 'conflict');
      await this.users.anonymise(tx, user.id, tombstoneFor(user.id), tombstoneHash, this.clock.now());
      const keys = await this.kyc.redact(tx, user.id);
      await this.sessions.revokeAll(tx, user.id);
      // Ids only: the audit log is append-only, so a name or an email written here could never be erased.
      await this.audit.record(tx, {
        actorId: auditActorId(command.actor),
        action: self ? 'user.delete_self' : 'user.delete',
        targetType: 'user',
        targetId: user.id,
        before: { roles: user.roles },
        after: auditDetail(command.actor, { deleted: true, kycDocumentsRemoved: keys.length }),
        ip: command.actor.ip,
      });
      return keys;
    });
    // After the commit: had the transaction rolled back, the submissions would still need their files.
    await this.kyc.removeDocuments(documentKeys).catch((error: Error) => this.logger.warn(`KYC documents not removed: ${error.message}`));
  }
}
