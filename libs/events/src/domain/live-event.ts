/**
 * A user's live event (product.md §9.4 events/stream). `type` names it; `data` is JSON-safe and small
 * (the cross-instance NOTIFY payload is ≤ 8,000 bytes: send ids and short fields, not lists).
 */
export type LiveEventType =
  | 'position_opened'
  | 'position_closed'
  | 'copy_stopped'
  | 'guard_hit'
  | 'wallet_transaction_decided'
  | 'kyc_decided'
  | 'notification';

export interface LiveEvent {
  type: LiveEventType;
  data: Record<string, unknown>;
}
