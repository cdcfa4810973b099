import { Injectable } from '@nestjs/common';
import type { Page } from '@mirrorline/shared';
import { type Balances, type UserAccount, UserRepository, type UserSearch } from '@mirrorline/accounts';
import { AccountBalances } from '../../ports/account-balances';
import { TraderProfiles } from '../../ports/trader-profiles';
import { ApprovalRequests } from '../../ports/approval-requests';
import type { ApprovalRequest } from '../../../domain/approval-request';

export interface UserListItem {
  account: UserAccount;
  balances: Balances;
  traderID: number | null;
  /** what waits for another admin's approval for this user (four eyes): shown on the admin table's row */
  pendingApprovals?: ApprovalRequest[];
}

@Injectable()
export class ListUsersUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly traders: TraderProfiles,
    private readonly approvals: ApprovalRequests,
  ) {}

  async execute(query: UserSearch): Promise<Page<UserListItem>> {
    const page = await this.users.list(query);
    const ids = page.items.map((u) => u.id);
    // Set-based reads for the whole page instead of one per user.
    const balances = await this.balances.of(null, ids);
    const traderIds = await this.traders.traderIdsOf(null, ids);
    const pending = await this.approvals.pendingOf(null, ids);
    return {
      ...page,
      items: page.items.map((account) => ({
        account,
        balances: balances.get(account.id) ?? { cash: 0, held: 0, copyEquity: 0 },
        traderID: traderIds.get(account.id) ?? null,
        pendingApprovals: pending.get(account.id) ?? [],
      })),
    };
  }
}
