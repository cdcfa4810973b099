import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { WalletTransactionStatus, WalletTransactionType } from '../../domain/wallet-transaction';

/** Row of `wallet_transactions` (schema: Migration20261123000400Wallet). Amount in cents (bigint). */
@Entity({ tableName: 'wallet_transactions' })
export class WalletTransactionEntity {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 16 })
  type!: WalletTransactionType;

  /** cents; bigint read as a string so that no precision is ever lost */
  @Property({ type: 'bigint', columnType: 'bigint' })
  amount!: string;

  @Property({ type: 'string', length: 200, nullable: true })
  destination?: string | null;

  @Property({ type: 'string', length: 16 })
  status: WalletTransactionStatus = 'Pending';

  @Property({ type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  decidedBy?: string | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;
}
