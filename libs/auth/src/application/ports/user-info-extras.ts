/** The copy-trading part of UserInfo. */
export interface UserInfoExtrasData {
  traderID: number | null;
  copyID: string[];
  copiedTrades: number;
}

/**
 * Port: copy trading fills traderID, copyID and copiedTrades. Until a module provides it (a
 * @Global() module exporting `{ provide: UserInfoExtras, useClass: … }`), NoUserInfoExtras answers.
 */
export abstract class UserInfoExtras {
  abstract of(userId: string): Promise<UserInfoExtrasData>;
}

export class NoUserInfoExtras extends UserInfoExtras {
  async of(_userId: string): Promise<UserInfoExtrasData> {
    return { traderID: null, copyID: [], copiedTrades: 0 };
  }
}
