/**
 * The unrealized pnl of a user's open copied positions at the market, in cents (product.md §9.3: wallet/ and
 * user/get show `liveTradingBalance` = tradingBalance + this). A port here, in shared, so that wallet and
 * users can ask for it without depending on copy trading (which provides it through its global module);
 * without a provider they show the booked figure (0 unrealized).
 */
export abstract class OpenPositionsValue {
  abstract unrealizedPnl(userId: string): Promise<bigint>;
}
