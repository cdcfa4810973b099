import { Injectable } from '@nestjs/common';
import { UserInfoExtras, type UserInfoExtrasData } from '@mirrorline/auth';
import { CopyTradingQueries } from '../../application/ports/copy-trading-queries';

/** Fills the access token's traderID, copyID (my live copies) and copiedTrades (positions ever copied). */
@Injectable()
export class CopyTradingUserInfoExtras extends UserInfoExtras {
  constructor(private readonly queries: CopyTradingQueries) {
    super();
  }

  of(userId: string): Promise<UserInfoExtrasData> {
    return this.queries.userFacts(userId);
  }
}
