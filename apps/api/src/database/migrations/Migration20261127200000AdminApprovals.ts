import { Migration } from '@mikro-orm/migrations';

/**
 * Four eyes for admin power (product.md §11.4): granting the Admin role and a manual balance adjustment are
 * requests that take effect only when a different Admin approves them (owned by the users context).
 * - `amount`: signed cents of a balance adjustment (≠ 0); NULL for a grant.
 * - one pending grant per user (a second request for the same grant is the same request);
 * - `ledger_transaction_id`: the adjustment's posting, once approved.
 */
export class Migration20261127200000AdminApprovals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE admin_approval_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(32) NOT NULL CHECK (kind IN ('admin_grant', 'balance_adjustment')),
        target_user_id uuid NOT NULL REFERENCES users (id),
        requested_by uuid NOT NULL REFERENCES users (id),
        amount bigint NULL,
        reason text NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        decided_by uuid NULL REFERENCES users (id),
        decided_at timestamptz NULL,
        ledger_transaction_id bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'balance_adjustment') = (amount IS NOT NULL AND amount <> 0)),
        CHECK ((status = 'pending') = (decided_at IS NULL))
      );`);
    this.addSql(`CREATE UNIQUE INDEX admin_approval_requests_one_pending_grant ON admin_approval_requests (target_user_id)
                 WHERE kind = 'admin_grant' AND status = 'pending';`);
    this.addSql('CREATE INDEX admin_approval_requests_status_idx ON admin_approval_requests (status, created_at DESC);');
    this.addSql(`CREATE INDEX admin_approval_requests_pending_target_idx ON admin_approval_requests (target_user_id) WHERE status = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS admin_approval_requests;');
  }
}
