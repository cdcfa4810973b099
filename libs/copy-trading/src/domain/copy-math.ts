/**
 * Copy trading's arithmetic in integer cents and exact decimals: prices (./price), the money rules with their SQL
 * (./money-rules, re-exported here), display figures, withdrawals, fills and levels.
 */
import { PRICE_SCALE, scalePrice, type TradeSide } from './price';

export * from './price';
export * from './money-rules';

/** The trade's pnl % for display, rounded half away from zero to 4 decimals (exact decimal string). */
export function tradePnlPct(entryPrice: string, exitPrice: string, side: TradeSide): string {
  const entry = scalePrice(entryPrice);
  const exit = scalePrice(exitPrice);
  const sign = side === 'buy' ? 1n : -1n;
  const scaled = (exit - entry) * sign * 100n * 10_000n * 2n; // ×2 for half-up rounding
  let q = scaled / entry;
  q = q >= 0n ? (q + 1n) / 2n : (q - 1n) / 2n;
  const negative = q < 0n;
  const abs = negative ? -q : q;
  return `${negative ? '-' : ''}${abs / 10_000n}.${(abs % 10_000n).toString().padStart(4, '0')}`;
}

/**
 * Whether a trade's pnl % can be stored (numeric(12,4): below 100,000,000 % in absolute value). A move
 * that large only comes from a mistyped price; refusing it names the problem instead of a database error.
 */
export function pnlPctInRange(pnlPct: string): boolean {
  return BigInt(pnlPct.replace('-', '').split('.')[0]) < 100_000_000n;
}

/**
 * What a withdrawal leaves of an amount tied to the copy's equity (invested, high-water mark):
 * floor(value × (equity − amount) / equity). Lowering them by the full amount instead would be wrong
 * in a drawdown: with 100.00 invested, equity 70.00 and 60.00 taken out, invested 40.00 against equity
 * 10.00 reads as a 75 % loss (a 60 % stop loss trips at the next settlement) and the mark 40.00 makes
 * the follower recover a 30.00 loss on a 10.00 balance before the trader earns again. Scaling both by
 * the share of equity that stays keeps the copy's return and its distance to the mark unchanged.
 * Floored so the follower never ends up with more invested or a higher mark than the exact share.
 */
export function scaleOnWithdrawal(value: bigint, equity: bigint, amount: bigint): bigint {
  if (equity <= 0n || value <= 0n) return value < 0n ? 0n : value;
  const left = amount >= equity ? 0n : equity - amount;
  return (value * left) / equity;
}

/**
 * Why one copy's positions closed apart from their trade (a copy close-out, SqlPriceWatchStore.closeOut): its stop
 * loss or take profit on live equity (the price watcher), its owner's stop with closePositions, or its owner's close
 * of that one position (product.md §9.3, §12.1).
 */
export const COPY_CLOSE_REASONS = ['copy_stop_loss', 'copy_take_profit', 'copy_stopped', 'copier_closed'] as const;
export type CopyCloseReason = (typeof COPY_CLOSE_REASONS)[number];

/** Why a trade (or, for a copy close reason, one copy's position) closed (product.md §9.3). */
export const CLOSE_REASONS = ['manual', 'stop_loss', 'take_profit', ...COPY_CLOSE_REASONS] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
export type TradeCloseReason = Exclude<CloseReason, CopyCloseReason>;

/** The side of a quote an order fills on: a buy opens at the ask, a sell at the bid. */
export function openPrice(side: TradeSide, quote: { bid: string; ask: string }): string {
  return side === 'buy' ? quote.ask : quote.bid;
}

/** The side a position closes on, which is also its mark: a buy at the bid, a sell at the ask. */
export function closePrice(side: TradeSide, quote: { bid: string; ask: string }): string {
  return side === 'buy' ? quote.bid : quote.ask;
}

/**
 * Slippage of a copier's fill against the trader's, in basis points, signed so that a worse fill for the
 * copier is positive (a buy filled higher, a sell filled lower); 2 decimals, toward zero. Zero while copies
 * fill at the trader's price (§9.3), recorded so it stays true when that changes.
 */
export function slippageBps(traderFill: string, copierFill: string, side: TradeSide): string {
  const trader = scalePrice(traderFill);
  const copier = scalePrice(copierFill);
  const sign = side === 'buy' ? 1n : -1n;
  const hundredths = ((copier - trader) * sign * 1_000_000n) / trader; // bps × 100
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Stop loss / take profit levels of a trade; null = not set. */
export interface TradeLevels {
  stopLoss: string | null;
  takeProfit: string | null;
}

/**
 * Which level, if any, the close-side price has reached (a buy closes at the bid: stop loss when it is at
 * or below the level, take profit at or above; a sell closes at the ask, mirrored). A gap past the level
 * counts: the trade then closes at the quote, not the level. Stop loss wins if both hold (cannot happen
 * with valid levels).
 */
export function levelCrossed(side: TradeSide, quote: { bid: string; ask: string }, levels: TradeLevels): 'stop_loss' | 'take_profit' | null {
  const price = scalePrice(closePrice(side, quote));
  const sl = levels.stopLoss === null ? null : scalePrice(levels.stopLoss);
  const tp = levels.takeProfit === null ? null : scalePrice(levels.takeProfit);
  if (side === 'buy') {
    if (sl !== null && price <= sl) return 'stop_loss';
    if (tp !== null && price >= tp) return 'take_profit';
  } else {
    if (sl !== null && price >= sl) return 'stop_loss';
    if (tp !== null && price <= tp) return 'take_profit';
  }
  return null;
}

/**
 * Checks levels against the side and the current close-side price: a buy's stop loss below it and its take
 * profit above it, a sell's the other way round (a level already crossed would close the trade at once).
 * Returns a message naming the problem, or null when the levels are valid. An entry order checks its levels against
 * its own price (`priceName` 'the order price', the quote being {bid: price, ask: price}).
 */
export function levelsProblem(side: TradeSide, quote: { bid: string; ask: string }, levels: TradeLevels, priceName = 'the current price'): string | null {
  const current = closePrice(side, quote);
  const price = scalePrice(current);
  const below = side === 'buy' ? 'below' : 'above';
  const above = side === 'buy' ? 'above' : 'below';
  if (levels.stopLoss !== null) {
    const sl = scalePrice(levels.stopLoss);
    if (side === 'buy' ? sl >= price : sl <= price) return `stopLoss of a ${side} must be ${below} ${priceName} ${current}`;
  }
  if (levels.takeProfit !== null) {
    const tp = scalePrice(levels.takeProfit);
    if (side === 'buy' ? tp <= price : tp >= price) return `takeProfit of a ${side} must be ${above} ${priceName} ${current}`;
  }
  return null;
}

/** A price (≤ 8 decimals) in its canonical form: "1.08500000" → "1.085", "100.0" → "100". */
export function canonicalPrice(price: string): string {
  const scaled = scalePrice(price);
  const whole = scaled / PRICE_SCALE;
  const fraction = (scaled % PRICE_SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
