import { Migration } from '@mikro-orm/migrations';

/**
 * KYC submissions (libs/kyc). The user's current status stays in users.kyc_status; a submission
 * records what was sent and how it was reviewed. Files live on disk under UPLOAD_DIR, referenced by
 * random storage keys in `files` ({ front: { key, contentType, size }, back?, selfie }).
 */
export class Migration20261123000510Kyc extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE kyc_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        document_type varchar(32) NOT NULL,
        document_number varchar(64) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'Pending',
        files jsonb NOT NULL,
        reviewed_by uuid NULL REFERENCES users (id),
        reviewed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT kyc_submissions_document_type_check CHECK (document_type IN ('passport', 'national_id', 'driving_licence')),
        CONSTRAINT kyc_submissions_status_check CHECK (status IN ('Pending', 'Verified', 'Rejected'))
      );`);
    // A user has at most one submission waiting for review.
    this.addSql(`CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (user_id) WHERE status = 'Pending';`);
    this.addSql('CREATE INDEX kyc_submissions_status_idx ON kyc_submissions (status, created_at DESC);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS kyc_submissions;');
  }
}
