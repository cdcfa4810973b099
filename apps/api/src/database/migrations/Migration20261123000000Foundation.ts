import { Migration } from '@mikro-orm/migrations';

/** Extensions and helpers every context relies on. */
export class Migration20261123000000Foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE EXTENSION IF NOT EXISTS pgcrypto;');
    // Append-only tables (ledger, audit log) attach this trigger to refuse UPDATE and DELETE.
    this.addSql(`
      CREATE OR REPLACE FUNCTION refuse_modification() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP FUNCTION IF EXISTS refuse_modification() CASCADE;');
  }
}
