import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '@mirrorline/auth';
import { UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { normaliseRoles, type Role } from '../../../domain/user';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { TraderProfiles } from '../../ports/trader-profiles';
import { UserRepository } from '../../ports/user.repository';
import type { UserListItem } from '../list-users/list-users.use-case';

export interface CreateUserCommand {
  actor: Actor;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  roles: Role[];
}

/** Admin creates a user: email pre-verified, roles always include User, a Trader gets a trader profile. */
@Injectable()
export class CreateUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly traders: TraderProfiles,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: CreateUserCommand): Promise<UserListItem> {
    const roles = normaliseRoles(command.roles);
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
      return { account, balances: { cash: 0, held: 0, copyEquity: 0 }, traderID };
    });
  }
}
