import { Injectable, Optional } from '@nestjs/common';
import { formatCents, OpenPositionsValue } from '@mirrorline/shared';
import { UserInfoBuilder, type UserInfoRead } from '@mirrorline/auth';
import type { UserInfo, UserAccount } from '@mirrorline/accounts';
import { UserCopies, type CopySummary } from '../ports/user-copies';

/** The cacheable part of a profile: UserInfo with its facts, and the copies table. */
export interface ProfileReads {
  read: UserInfoRead;
  copies: CopySummary[];
}

export interface UserProfile {
  info: UserInfo;
  account: UserAccount;
  held: string;
  /** tradingBalance + unrealized pnl of the open copied positions at the market */
  liveTradingBalance: string;
  copies: CopySummary[];
}

/**
 * GET user/get: the seed's `UserInfo` exactly as the access token carries it (auth's UserInfoBuilder, the one
 * place it is built, from the same reads), plus what only the profile shows: held funds, the copies table
 * and the live trading balance. The reads are independent and outside any transaction, so they run at once.
 */
@Injectable()
export class UserInfoAssembler {
  constructor(
    private readonly userInfo: UserInfoBuilder,
    private readonly copies: UserCopies,
    @Optional() private readonly openPositions?: OpenPositionsValue,
  ) {}

  /** What GET user/get reads besides the unrealized pnl: UserInfo's facts and the copies table (cacheable per user). */
  async load(account: UserAccount): Promise<ProfileReads> {
    const [read, copies] = await Promise.all([this.userInfo.read(account), this.copies.listForUser(null, account.id)]);
    return { read, copies };
  }

  /** `reads`: this account's, read already (GET user/get caches them, UserReadCache); else read here. */
  async assemble(account: UserAccount, reads?: ProfileReads): Promise<UserProfile> {
    const [{ read, copies }, unrealized] = await Promise.all([
      reads ?? this.load(account),
      // The unrealized pnl at the market is computed for every request (it moves with the quotes).
      this.openPositions ? this.openPositions.unrealizedPnl(account.id) : Promise.resolve(0n),
    ]);
    const liveTradingBalance = formatCents(BigInt(read.facts.copyEquity) + unrealized);
    return { info: read.info, account, held: formatCents(read.held), liveTradingBalance, copies };
  }
}
