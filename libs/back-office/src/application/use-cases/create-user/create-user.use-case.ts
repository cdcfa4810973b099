import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '@mirrorline/auth';
import { UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { normaliseRoles, type Role, UserRepository } from '@mirrorline/accounts';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { TraderProfiles } from '../../ports/trader-profiles';
import type { UserListItem } from '../list-users/list-users.use-case';
import type { ApprovalRequest } from '../../../domain/approval-request';
import { AdminGrantRequests } from '../../services/admin-grant-requests';

export interface CreateUserCommand {
  actor: Actor;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  roles: Role[];
}

/**
 * Admin creates a user: email pre-verified, roles always include User, a Trader gets a trader profile. The Admin
 * role is not given here: it becomes a request another admin approves (four eyes, product.md §11.4).
 */
@Injectable()
export class CreateUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly traders: TraderProfiles,
    private readonly audit: AuditLog,
    private readonly grants: AdminGrantRequests,
  ) {}

  async execute(command: CreateUserCommand): Promise<UserListItem & { requested: ApprovalRequest[] }> {
    const wantsAdmin = command.roles.includes('Admin');
    const roles = normaliseRoles(command.roles.filter((role) => role !== 'Admin'));
    // Hash before the transaction: argon2 is slow on purpose and must not hold a connection.
    const passwordHash = await this.hasher.hash(command.password);
    return this.uow.run(async (tx) => {
      const account = await this.users.create(tx, {
        email: command.email.normalize('NFKC').trim().toLowerCase(),
        username: command.username,
        firstname: command.firstname,
        lastname: command.lastname,
        passwordHash,
        roles,
        emailVerified: true,
      });
      const traderID = roles.includes('Trader') ? await this.traders.ensureProfile(tx, account.id) : null;
      await this.audit.record(tx, {
        actorId: auditActorId(command.actor),
        action: 'user.create',
        targetType: 'user',
        targetId: account.id,
        before: null,
        after: auditDetail(command.actor, { username: account.username, email: account.email, roles, traderID }),
        ip: command.actor.ip,
      });
      const requested = wantsAdmin ? [await this.grants.request(tx, command.actor, account.id)] : [];
      return { account, balances: { cash: 0, held: 0, copyEquity: 0 }, traderID, requested, pendingApprovals: requested };
    });
  }
}
