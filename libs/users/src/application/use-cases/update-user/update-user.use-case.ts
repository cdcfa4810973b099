import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { KycAdministration } from '@mirrorline/kyc';
import { normaliseRoles, type KycStatus, type Role } from '../../../domain/user';
import { effectiveChanges, traderExposureBlocker } from '../../../domain/user-account';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { AccountBalances } from '../../ports/account-balances';
import { BalanceAdjuster } from '../../ports/balance-adjuster';
import { TraderProfiles } from '../../ports/trader-profiles';
import { UserCopies } from '../../ports/user-copies';
import { UserRepository } from '../../ports/user.repository';
import { userNotFound } from '../../user-errors';
import type { UserListItem } from '../list-users/list-users.use-case';

export interface UpdateUserCommand {
  actor: Actor;
  userId: string;
  /** target cash balance in cents */
  cash?: number;
  roles?: Role[];
  kycStatus?: KycStatus;
  /** the request's reference (@OperationRef, from its Idempotency-Key): the ledger posting's, unique per type */
  operationRef?: string;
}

export interface UpdateUserResult {
  changed: Array<'balance' | 'roles' | 'KYC'>;
  user: UserListItem;
}

/**
 * The admin row edit (seed §4): only the fields sent, and only those that differ, change. Every
 * change is audited in the same transaction; a balance change is a ledger adjustment, not an overwrite.
 */
@Injectable()
export class UpdateUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly adjuster: BalanceAdjuster,
    private readonly traders: TraderProfiles,
    private readonly kyc: KycAdministration,
    private readonly audit: AuditLog,
    private readonly copies: UserCopies,
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
      // Separation of duties (product.md §10): nobody adjusts their own balance, whatever else the call changes.
      if (changes.cash !== undefined && (user.id === command.actor.userId || user.id === auditActorId(command.actor))) {
        throw new DomainError('FORBIDDEN', 'You cannot adjust your own balance', 'forbidden');
      }
      const changed: UpdateUserResult['changed'] = [];
      const base = { actorId: auditActorId(command.actor), targetType: 'user', targetId: user.id, ip: command.actor.ip };
      const detail = <T extends Record<string, unknown>>(after: T) => auditDetail(command.actor, after);
      let roles = user.roles;
      let kycStatus = user.kycStatus;
      let cash = current.cash;

      if (changes.kycStatus) {
        const result = await this.kyc.setStatus(tx, { userId: user.id, status: changes.kycStatus, reviewerId: auditActorId(command.actor) });
        await this.audit.record(tx, { ...base, action: 'user.kyc_change', before: { KYC: result.before }, after: detail({ KYC: result.after }) });
        kycStatus = changes.kycStatus;
        changed.push('KYC');
      }
      if (changes.roles) {
        if (user.id === command.actor.userId && user.roles.includes('Admin') && !changes.roles.includes('Admin')) {
          throw new DomainError('USERS.CANNOT_DEMOTE_SELF', 'You cannot remove your own Admin role', 'conflict');
        }
        if (user.roles.includes('Trader') && !changes.roles.includes('Trader')) {
          // Losing the role takes the trader's tools away while followers still copy the profile.
          const blocker = traderExposureBlocker(await this.copies.traderExposure(tx, user.id));
          if (blocker) throw new DomainError(blocker.code, blocker.message, 'conflict');
        }
        await this.users.setRoles(tx, user.id, changes.roles);
        let traderID: number | null = null;
        if (changes.roles.includes('Trader')) traderID = await this.traders.ensureProfile(tx, user.id);
        await this.audit.record(tx, { ...base, action: 'user.roles_change', before: { roles: user.roles }, after: detail({ roles: changes.roles, traderID }) });
        roles = changes.roles;
        changed.push('roles');
      }
      if (changes.cash !== undefined) {
        const result = await this.adjuster.setCash(tx, { userId: user.id, targetCash: changes.cash, actorId: auditActorId(command.actor), operationRef: command.operationRef });
        await this.audit.record(tx, {
          ...base,
          action: 'user.balance_adjust',
          before: { balance: result.before },
          after: detail({ balance: result.after, ledgerTransactionId: result.ledgerTransactionId }),
        });
        cash = result.after;
        changed.push('balance');
      }
      const traderID = (await this.traders.traderIdsOf(tx, [user.id])).get(user.id) ?? null;
      return { changed, user: { account: { ...user, roles, kycStatus }, balances: { ...current, cash }, traderID } };
    });
  }
}
