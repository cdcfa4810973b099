import { DomainError, type Cents } from '@mirrorline/shared';

export const WALLET_TRANSACTION_TYPES = ['deposit', 'withdrawal'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];
export const WALLET_TRANSACTION_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type WalletTransactionStatus = (typeof WALLET_TRANSACTION_STATUSES)[number];
export type Decision = 'approve' | 'reject';

export interface WalletTransactionProps {
  id: string;
  userId: string;
  type: WalletTransactionType;
  amount: Cents;
  destination: string | null;
  status: WalletTransactionStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  note: string | null;
}

export const transactionNotPending = (status: WalletTransactionStatus) =>
  new DomainError('WALLET.TRANSACTION_NOT_PENDING', `This transaction is already ${status.toLowerCase()}`, 'conflict');

/** The ledger movement a decision causes, by type and decision (docs/wallet.md). */
export type LedgerMove =
  | { type: 'deposit'; from: 'platform_deposits'; to: 'cash' }
  | { type: 'withdrawal'; from: 'held'; to: 'platform_withdrawals' }
  | { type: 'withdrawal_release'; from: 'held'; to: 'cash' };

/**
 * A deposit or withdrawal request. State machine: Pending → Approved | Rejected, once; a decided
 * transaction never changes again (the database refuses it too).
 */
export class WalletTransaction {
  private constructor(private props: WalletTransactionProps) {}

  static restore(props: WalletTransactionProps): WalletTransaction {
    return new WalletTransaction({ ...props });
  }

  static request(props: { id: string; userId: string; type: WalletTransactionType; amount: Cents; destination?: string | null; now: Date }) {
    if (!Number.isSafeInteger(props.amount) || props.amount <= 0) {
      throw new DomainError('VALIDATION_FAILED', 'amount must be positive', 'validation');
    }
    const destination = props.type === 'withdrawal' ? (props.destination ?? null) : null;
    if (props.type === 'withdrawal' && !destination) {
      throw new DomainError('VALIDATION_FAILED', 'a withdrawal needs a destination', 'validation');
    }
    return new WalletTransaction({
      id: props.id,
      userId: props.userId,
      type: props.type,
      amount: props.amount,
      destination,
      status: 'Pending',
      createdAt: props.now,
      decidedAt: null,
      decidedBy: null,
      note: null,
    });
  }

  get id() { return this.props.id; }
  get userId() { return this.props.userId; }
  get type() { return this.props.type; }
  get amount() { return this.props.amount; }
  get status() { return this.props.status; }

  /** Funds move out of cash when a withdrawal is requested, before any decision. */
  requestMove(): { type: 'withdrawal_hold'; from: 'cash'; to: 'held' } | null {
    return this.props.type === 'withdrawal' ? { type: 'withdrawal_hold', from: 'cash', to: 'held' } : null;
  }

  /** Applies an admin decision and returns the ledger movement it implies (null: nothing moves). */
  decide(decision: Decision, adminId: string, now: Date, note?: string | null): LedgerMove | null {
    if (this.props.status !== 'Pending') throw transactionNotPending(this.props.status);
    this.props = {
      ...this.props,
      status: decision === 'approve' ? 'Approved' : 'Rejected',
      decidedAt: now,
      decidedBy: adminId,
      note: note ?? null,
    };
    if (this.props.type === 'deposit') {
      return decision === 'approve' ? { type: 'deposit', from: 'platform_deposits', to: 'cash' } : null;
    }
    return decision === 'approve'
      ? { type: 'withdrawal', from: 'held', to: 'platform_withdrawals' }
      : { type: 'withdrawal_release', from: 'held', to: 'cash' };
  }

  snapshot(): Readonly<WalletTransactionProps> {
    return { ...this.props };
  }
}
