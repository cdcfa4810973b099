import { DomainError } from '@mirrorline/shared';

export const COPY_STATUSES = ['active', 'paused', 'stopping', 'stopped'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

export const MARKETS = ['Forex', 'Crypto', 'Stocks'] as const;
export type Market = (typeof MARKETS)[number];

export const TRADER_TYPES = [
  'ICT Trader',
  'SMC Trader',
  'Price Action Trader',
  'Swing Trader',
  'Scalper',
  'Trend Follower',
  'Algorithmic Trader',
] as const;

/** Why a copy got no position on a trade (recorded in copy_skips). */
export const SKIP_REASONS = ['paused', 'stopping', 'zero_size', 'daily_loss_limit'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Smallest follow, in cents (product.md §5: ≥ 10.00). Top-ups and withdrawals have no minimum beyond
 * a positive amount (0.01): a top-up only adds to a copy that already passed this bar.
 */
export const MIN_COPY_AMOUNT = 1000;

export const copyErrors = {
  notFound: () => new DomainError('COPY.NOT_FOUND', 'Copy not found', 'not_found'),
  traderNotFound: () => new DomainError('COPY.TRADER_NOT_FOUND', 'Trader not found', 'not_found'),
  self: () => new DomainError('COPY.SELF', 'You cannot copy yourself', 'conflict'),
  already: () => new DomainError('COPY.ALREADY_COPYING', 'You already copy this trader', 'conflict'),
  full: () => new DomainError('COPY.TRADER_FULL', 'This trader accepts no more copiers', 'conflict'),
  kyc: () => new DomainError('KYC_REQUIRED', 'Complete identity verification (KYC) before copying traders', 'forbidden'),
  traderKyc: () => new DomainError('KYC_REQUIRED', 'The trader must complete identity verification (KYC) before opening trades', 'forbidden'),
  email: () => new DomainError('EMAIL_NOT_VERIFIED', 'Verify your email before copying traders', 'forbidden'),
  blocked: () => new DomainError('BLOCKED', 'Your account has been blocked', 'forbidden'),
  accountDeleted: () => new DomainError('ACCOUNT_DELETED', 'This account has been deleted', 'forbidden'),
  amountNotPositive: () => new DomainError('VALIDATION_FAILED', 'The amount must be positive', 'validation'),
  minAmount: () => new DomainError('COPY.AMOUNT_TOO_SMALL', 'The amount must be at least 10.00', 'validation'),
  belowTraderMinimum: (minimum: string) =>
    new DomainError('COPY.AMOUNT_TOO_SMALL', `This trader's minimum copy is ${minimum}`, 'validation'),
  ended: () => new DomainError('COPY.ENDED', 'This copy has ended', 'conflict'),
  stopping: () => new DomainError('COPY.STOPPING', 'This copy is stopping', 'conflict'),
  badTransition: (from: CopyStatus, action: string) =>
    new DomainError('COPY.INVALID_STATE', `Cannot ${action} a copy that is ${from}`, 'conflict'),
  notEnoughFree: () =>
    new DomainError('COPY.INSUFFICIENT_FREE_EQUITY', 'Not enough free equity: open positions commit the rest', 'conflict'),
  tradeNotFound: () => new DomainError('TRADE.NOT_FOUND', 'Trade not found', 'not_found'),
  tradeClosed: () => new DomainError('TRADE.ALREADY_CLOSED', 'This trade is already closed', 'conflict'),
  moveTooLarge: () =>
    new DomainError('TRADE.PRICE_OUT_OF_RANGE', 'The exit price is more than 999,999 times the entry price: check the price', 'validation'),
  badLevels: (message: string) => new DomainError('TRADE.INVALID_LEVEL', message, 'validation'),
  noProfile: () => new DomainError('TRADER.NO_PROFILE', 'You have no trader profile', 'forbidden'),
  positionNotFound: () => new DomainError('COPY.POSITION_NOT_FOUND', 'Position not found', 'not_found'),
  positionClosed: () => new DomainError('COPY.POSITION_CLOSED', 'This position is already closed', 'conflict'),
  badGuards: (message: string) => new DomainError('COPY.INVALID_GUARDS', message, 'validation'),
  tooManyOrders: () =>
    new DomainError('TRADE.TOO_MANY_ORDERS', 'Too many orders of this trader are waiting; retry in a moment', 'too_many_requests', { retryAfterSeconds: 1 }),
};

/** The next status for a lifecycle action, or a conflict error. Stop on a copy with open positions → stopping. */
export function nextStatus(from: CopyStatus, action: 'pause' | 'resume' | 'stop'): CopyStatus {
  if (from === 'stopped') throw copyErrors.ended();
  switch (action) {
    case 'pause':
      if (from === 'active' || from === 'paused') return 'paused';
      throw copyErrors.badTransition(from, 'pause');
    case 'resume':
      if (from === 'paused' || from === 'active') return 'active';
      throw copyErrors.badTransition(from, 'resume');
    case 'stop':
      return 'stopping';
  }
}

/** The copy stop loss: the equity floor in % of invested (product.md §9.3). */
export const STOP_LOSS_PCT = { min: 5, max: 95 } as const;
/** The copy take profit: % above invested (product.md §12.1). */
export const TAKE_PROFIT_PCT = { min: 1, max: 1000 } as const;

/**
 * A copy's guards (PATCH copies/:id/settings; the DTO checks the same ranges first): whole percentages in range. The
 * ranges keep the take profit's level (invested × (100 + tp) %, above invested) over the stop loss's (invested × sl %,
 * below it), so that no equity is at both: a take profit at or below invested (0, negative) is out of range.
 */
export function checkCopyGuards(stopLossPct: number | null, takeProfitPct: number | null): void {
  const whole = (v: number, r: { min: number; max: number }) => Number.isInteger(v) && v >= r.min && v <= r.max;
  if (stopLossPct !== null && !whole(stopLossPct, STOP_LOSS_PCT)) {
    throw copyErrors.badGuards(`stopLossPct must be a whole number from ${STOP_LOSS_PCT.min} to ${STOP_LOSS_PCT.max}`);
  }
  if (takeProfitPct !== null && !whole(takeProfitPct, TAKE_PROFIT_PCT)) {
    throw copyErrors.badGuards(`takeProfitPct must be a whole number from ${TAKE_PROFIT_PCT.min} to ${TAKE_PROFIT_PCT.max}`);
  }
}
