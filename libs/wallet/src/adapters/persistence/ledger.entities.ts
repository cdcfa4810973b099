import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/*
 * Read-only mappings of the ledger tables (Migration20261123000200Ledger) for back-office views such as
 * AdminJS. Never write through them: balances move only through Ledger.post (the database refuses the rest).
 * bigint columns are read as strings so that no cent is ever rounded.
 */

@Entity({ tableName: 'ledger_accounts', readonly: true })
export class LedgerAccountEntity {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'uuid', nullable: true })
  ownerId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  copyId?: string | null;

  @Property({ type: 'string', length: 32 })
  kind!: string;

  @Property({ type: 'bigint' })
  balance!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ tableName: 'ledger_transactions', readonly: true })
export class LedgerTransactionEntity {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'string', length: 32 })
  type!: string;

  @Property({ type: 'string', length: 128, nullable: true })
  reference?: string | null;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ tableName: 'ledger_entries', readonly: true })
export class LedgerEntryEntity {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'bigint' })
  transactionId!: string;

  @Property({ type: 'bigint' })
  accountId!: string;

  @Property({ type: 'bigint' })
  amount!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}
