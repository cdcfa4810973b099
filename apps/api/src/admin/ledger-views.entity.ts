import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/*
 * Read-only views of the ledger for the back-office (the wallet context owns the tables and writes
 * through its Ledger port; AdminJS only lists and shows these rows).
 */

@Entity({ tableName: 'ledger_accounts', readonly: true })
export class AdminLedgerAccount {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Property({ type: 'uuid', nullable: true })
  copyId!: string | null;

  @Property({ type: 'string', length: 32 })
  kind!: string;

  /** cents */
  @Property({ type: 'bigint' })
  balance!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ tableName: 'ledger_transactions', readonly: true })
export class AdminLedgerTransaction {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'string', length: 32 })
  type!: string;

  @Property({ type: 'string', length: 128, nullable: true })
  reference!: string | null;

  @Property({ type: 'text', nullable: true })
  description!: string | null;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ tableName: 'ledger_entries', readonly: true })
export class AdminLedgerEntry {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'bigint' })
  transactionId!: string;

  @Property({ type: 'bigint' })
  accountId!: string;

  /** signed cents */
  @Property({ type: 'bigint' })
  amount!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}
