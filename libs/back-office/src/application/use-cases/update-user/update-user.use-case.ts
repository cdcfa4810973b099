import { Injectable } from '@nestjs/common';
import { DomainError, formatCents, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { KycAdministration } from '@mirrorline/kyc';
import { normaliseRoles, type KycStatus, type Role, effectiveChanges, traderExposureBlocker, UserRepository } from '@mirrorline/accounts';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import type { ApprovalRequest } from '../../../domain/approval-request';
import { AccountBalances } from '../../ports/account-balances';
import { ApprovalRequests } from '../../ports/approval-requests';
import { TraderProfiles } from '../../ports/trader-profiles';
import { UserCopies } from '../../ports/user-copies';
import { userNotFound } from '../../user-errors';
import type { UserListItem } from '../list-users/list-users.use-case';
import { RequestBalanceAdjustmentUseCase } from '../request-balance-adjustment/request-balance-adjustment.use-case';
import { AdminGrantRequests } from '../../services/admin-grant-requests';

export interface UpdateUserCommand {
  actor: Actor;
  userId: string;
  /** target cash balance in cents */
  cash?: number;
  roles?: Role[];
  kycStatus?: KycStatus;
}

export interface UpdateUserResult {
  /** what changed now */
  changed: Array<'roles' | 'KYC'>;
  /** what waits for another admin's approval (four eyes): a grant of the Admin role, a balance adjustment */
  requested: ApprovalRequest[];
  user: UserListItem;
}

/**
 * The admin row edit (seed §4): only the fields sent, and only those that differ, change. Every
 * change is audited in the same transaction. Four eyes (product.md §11.4): granting the Admin role and a new
 * balance are requests that another admin approves (the balance as an adjustment of the difference, never an
 * overwrite); the other role changes (Trader, removing Admin) and KYC apply at once.
 */
@Injectable()
export class UpdateUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly traders: TraderProfiles,
    private readonly kyc: KycAdministration,
    private readonly audit: AuditLog,
    private readonly copies: UserCopies,
    private readonly balanceRequests: RequestBalanceAdjustmentUseCase,
    private readonly grants: AdminGrantRequests,
    private readonly approvals: ApprovalRequests,
  ) {}

  execute(command: UpdateUserCommand): Promise<UpdateUserResult> {
    return this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      const current = (await this.balances.of(tx, [user.id])).get(user.id) ?? { cash: 0, held: 0, copyEquity: 0 };
      const changes = effectiveChanges(
        { roles: user.roles, kycStatus: user.kycStatus, cash: current.cash },
        { roles: command.roles ? normaliseRoles(command.roles) : undefined, kycStatus: command.kycStatus, cash: command.cash },
      );
      const changed: UpdateUserResult['changed'] = [];
      const base = { actorId: auditActorId(command.actor), targetType: 'user', targetId: user.id, ip: command.actor.ip };
      const detail = <T extends Record<string, unknown>>(after: T) => auditDetail(command.actor, after);
      let roles = user.roles;
      let kycStatus = user.kycStatus;

      if (changes.kycStatus) {
        const result = await this.kyc.setStatus(tx, { userId: user.id, status: changes.kycStatus, reviewerId: auditActorId(command.actor) });
        await this.audit.record(tx, { ...base, action: 'user.kyc_change', before: { KYC: result.before }, after: detail({ KYC: result.after }) });
        kycStatus = changes.kycStatus;
        changed.push('KYC');
      }
      const requested: ApprovalRequest[] = [];
      if (changes.roles) {
        // The Admin role is granted only by another admin's approval: asked for here, the rest applies now.
        const grantsAdmin = changes.roles.includes('Admin') && !user.roles.includes('Admin');
        const now = grantsAdmin ? normaliseRoles(changes.roles.filter((role) => role !== 'Admin')) : changes.roles;
        if (grantsAdmin) requested.push(await this.grants.request(tx, command.actor, user.id));
        if (user.id === command.actor.userId && user.roles.includes('Admin') && !now.includes('Admin')) {
          throw new DomainError('USERS.CANNOT_DEMOTE_SELF', 'You cannot remove your own Admin role', 'conflict');
        }
        if (user.roles.includes('Trader') && !now.includes('Trader')) {
          // Losing the role takes the trader's tools away while followers still copy the profile.
          const blocker = traderExposureBlocker(await this.copies.traderExposure(tx, user.id));
          if (blocker) throw new DomainError(blocker.code, blocker.message, 'conflict');
        }
        if (now.join(',') !== user.roles.join(',')) {
          await this.users.setRoles(tx, user.id, now);
          let traderID: number | null = null;
          if (now.includes('Trader')) traderID = await this.traders.ensureProfile(tx, user.id);
          await this.audit.record(tx, { ...base, action: 'user.roles_change', before: { roles: user.roles }, after: detail({ roles: now, traderID }) });
          roles = now;
          changed.push('roles');
        }
      }
      if (changes.cash !== undefined) {
        // The new balance as an adjustment of the difference, applied when another admin approves it. Nobody asks
        // for their own (403, and the whole edit rolls back: product.md §10).
        const amount = Number(BigInt(changes.cash) - BigInt(current.cash));
        requested.push(await this.balanceRequests.requestIn(tx, command.actor, user, amount, `balance set to ${formatCents(changes.cash)} (user/update)`));
      }
      const traderID = (await this.traders.traderIdsOf(tx, [user.id])).get(user.id) ?? null;
      const pendingApprovals = (await this.approvals.pendingOf(tx, [user.id])).get(user.id) ?? [];
      return { changed, requested, user: { account: { ...user, roles, kycStatus }, balances: current, traderID, pendingApprovals } };
    });
  }
}
