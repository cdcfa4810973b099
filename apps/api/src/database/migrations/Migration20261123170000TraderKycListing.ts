import { Migration } from '@mikro-orm/migrations';

/**
 * A trader is public only once its user is KYC Verified (PUBLIC_TRADER in @mirrorline/copy-trading): a
 * change of a user's KYC status now NOTIFYs `mirrorline_traders` too (notify_traders() of
 * ThroughputCaches), so every instance drops the public trader cache the moment a trader is verified
 * (listed) or falls back to Pending/Unverified (unlisted). The WHEN clause keeps every other update of
 * users (logins, profile edits) free of it.
 */
export class Migration20261123170000TraderKycListing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TRIGGER users_kyc_notify_traders AFTER UPDATE ON users FOR EACH ROW
      WHEN (OLD.kyc_status IS DISTINCT FROM NEW.kyc_status)
      EXECUTE FUNCTION notify_traders();`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TRIGGER IF EXISTS users_kyc_notify_traders ON users;');
  }
}
