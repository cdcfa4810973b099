import { Migration } from '@mikro-orm/migrations';

/**
 * copy_guard_notices: the transactional outbox of a copy close-out (the copy stop loss on live equity, price
 * watcher). A close-out records one row with its copies (follower, copy, trader, pnl, the equity returned when the
 * copy ended) in its own transaction; SqlCopyNotices writes their guard_hit / copy_ended notifications and sends
 * their live events right after the commit, as it does for the trades' notices (copy_trade_notices), so that a mass
 * close-out's transaction does not wait for them (bench:guards).
 */
export class Migration20261126190000CopyGuardNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE copy_guard_notices (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        follower_ids uuid[] NOT NULL,
        copy_ids uuid[] NOT NULL,
        trader_ids int[] NOT NULL,
        pnls bigint[] NOT NULL,
        -- per copy: the equity returned to cash when it ended, null while a position is left open
        returned bigint[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT copy_guard_notices_same_length CHECK (
          cardinality(copy_ids) = cardinality(follower_ids) AND cardinality(copy_ids) = cardinality(trader_ids)
          AND cardinality(copy_ids) = cardinality(pnls) AND cardinality(copy_ids) = cardinality(returned))
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS copy_guard_notices;');
  }
}
