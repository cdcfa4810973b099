import { Injectable } from '@nestjs/common';
import type { PageQuery } from '@mirrorline/shared';
import { LedgerInspector, type WalletsOverview } from '../../ports/ledger-inspector';

/** admin/wallets: per-user balances, platform totals and the ledger check, from one snapshot. */
@Injectable()
export class GetWalletsOverviewUseCase {
  constructor(private readonly inspector: LedgerInspector) {}

  execute(page: PageQuery, search?: string): Promise<WalletsOverview> {
    return this.inspector.overview(page, search);
  }
}
