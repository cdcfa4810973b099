import { Migration } from '@mikro-orm/migrations';

/**
 * copy_positions loses its follower index again (it was dropped by CopyTradingFanOutTuning and came back with
 * ThroughputCaches): a fan-out inserts 100,000 positions whose follower ids are random, so the index cost every
 * large open one random B-tree insert per position, and every settlement a new index entry per updated row —
 * bench:fanout's open went from 0.9× to 1.7× its floor. The follower's count of copied positions goes through
 * copies (follower_id) and the positions' copy_id index instead.
 */
export class Migration20261123190000FanOutIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql('DROP INDEX IF EXISTS copy_positions_follower_idx;');
  }

  override async down(): Promise<void> {
    this.addSql('CREATE INDEX copy_positions_follower_idx ON copy_positions (follower_id);');
  }
}
