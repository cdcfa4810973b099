import type { Balances } from '../../domain/user-account';
import type { CopySummary } from './user-copies';

export interface ProfileFacts {
  balances: Balances;
  traderId: number | null;
  copies: CopySummary[];
  copiedTrades: number;
}

/**
 * Port: what UserInfoAssembler reads through AccountBalances, TraderProfiles and UserCopies, for one
 * user outside any transaction, in one round trip (GET user/get is a hot read). Null when it cannot be
 * read that way (the copy-trading schema is not there yet): the assembler then asks the ports one by one.
 */
export abstract class ProfileFactsReader {
  abstract of(userId: string): Promise<ProfileFacts | null>;
}
