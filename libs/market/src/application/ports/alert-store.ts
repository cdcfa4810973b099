import type { TransactionContext } from '@mirrorline/shared';
import type { Quote } from '../../domain/instrument';
import type { AlertDirection, PriceAlert } from '../../domain/price-alert';

/** An alert the watcher (or its creation) has just spent, with its owner. */
export interface SpentAlert extends PriceAlert {
  userId: string;
}

/** A triggered alert whose owner asked for a mail, with the owner's address (the mail outbox). */
export interface AlertMail {
  id: string;
  email: string;
  symbol: string;
  direction: AlertDirection;
  price: string;
  triggeredPrice: string;
}

/** The market's watchlists and price alerts (market_watchlists, price_alerts; docs/market.md). */
export abstract class AlertStore {
  abstract watchlist(userId: string): Promise<string[]>;
  abstract replaceWatchlist(tx: TransactionContext, userId: string, symbols: readonly string[]): Promise<void>;
  /** The user's active alerts and those triggered in the last `days` days (by the database's clock), newest first. */
  abstract list(userId: string, days: number): Promise<PriceAlert[]>;
  /**
   * Inserts an alert unless the user already has `max` active ones (null then). Serialised per user (an advisory
   * lock for the transaction), so two requests side by side cannot both pass the count.
   */
  abstract create(
    tx: TransactionContext,
    userId: string,
    input: { symbol: string; direction: AlertDirection; price: string; notifyByEmail: boolean },
    max: number,
  ): Promise<PriceAlert | null>;
  /** Deletes one of the user's alerts; false when there is none with this id (or it is someone else's). */
  abstract delete(userId: string, id: string): Promise<boolean>;
  /**
   * Spends every active alert that these quotes cross (bid at or beyond its price), in one statement: each is
   * locked with SKIP LOCKED and re-checked as still active, so two evaluations side by side (two instances
   * hearing the same quotes) spend an alert once. `onlyId` narrows it to one alert (its creation).
   */
  /** Whether any active alert is crossed by these quotes: one read, no lock, no transaction (the watcher's per-tick check). */
  abstract anyCrossed(quotes: readonly Quote[]): Promise<boolean>;
  abstract spendCrossed(tx: TransactionContext, quotes: readonly Quote[], onlyId?: string): Promise<SpentAlert[]>;
  /** Locks the oldest alert whose mail is pending (SKIP LOCKED), with its owner's address; null when none is. */
  abstract nextMail(tx: TransactionContext): Promise<AlertMail | null>;
  /** Records the mail's outcome: sent, or one more failed attempt (given up as 'failed' after `maxAttempts`). */
  abstract mailDone(tx: TransactionContext, id: string, sent: boolean, maxAttempts: number): Promise<void>;
}
