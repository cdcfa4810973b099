import type { Schema } from '../../../lib/api';

/** A deposit or withdrawal as GET /api/wallet and /api/wallet/transactions send it. */
export type WalletTransaction = Schema<'WalletTransactionResponseDto'>;

export interface WalletSummary {
  balance: string;
  tradingBalance: string;
  held: string;
  recent: WalletTransaction[];
}

export function toWallet(w: Schema<'WalletResponseDto'>): WalletSummary {
  return { balance: w.balance, tradingBalance: w.tradingBalance, held: w.held, recent: w.transactions };
}
