import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'pg';
import { Clock, runPgSql } from '@mirrorline/shared';
import { DATABASE_URL } from '@mirrorline/shared/nest';
import { MarketFeed } from '../../application/ports/market-feed';
import { MarketStore } from '../../application/ports/market-store';
import { MINUTE_CANDLE_RETENTION_MS } from '../../application/services/market-history';
import { marketQueries } from '../persistence/market.queries';

/** pg_advisory_lock key of the market feed ("MKTFEED" in ASCII, any constant no other lock uses). */
export const FEED_LOCK_KEY = 0x4d4b54464545;
/** How often a follower tries to take the lock: a dead leader is replaced within this (≤ 15 s, §9.2). */
export const FEED_LEADER_RETRY_MS = 5_000;
/** The leader sweeps 1-minute candles past their retention this often (whatever the feed). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Exactly one API instance runs the feed: the one holding a session-level PostgreSQL advisory lock on a
 * dedicated connection. When that instance dies, PostgreSQL ends its session and frees the lock, and the
 * next follower to retry (every FEED_LEADER_RETRY_MS) takes over. When the leader's own connection breaks,
 * it stops its feed at once (another instance may take the lock) and competes again.
 * The test feed needs no leader: specs drive it directly on the instance they hold.
 */
@Injectable()
export class FeedLeader implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('FeedLeader');
  private client?: Client;
  private leading = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private attempt?: Promise<boolean>;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    private readonly feed: MarketFeed,
    private readonly store: MarketStore,
    private readonly clock: Clock,
    @Inject(DATABASE_URL) private readonly url: string,
  ) {}

  /** Deletes 1-minute candles older than the retention (the roll-ups keep the longer view). */
  async sweep(): Promise<number> {
    return this.store.sweepMinuteCandles(new Date(this.clock.now().getTime() - MINUTE_CANDLE_RETENTION_MS));
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Start-up: one attempt before the API listens (so the first start's history is there), then retries. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.feed.kind === 'test') return;
    await this.tryLead();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => void this.tryLead(), FEED_LEADER_RETRY_MS);
    this.timer.unref();
  }

  /** Takes the lock if it is free and starts the feed; true when this instance leads. */
  tryLead(): Promise<boolean> {
    if (this.feed.kind === 'test' || this.stopped) return Promise.resolve(false);
    this.attempt ??= this.attemptLead().finally(() => (this.attempt = undefined));
    return this.attempt;
  }

  private async attemptLead(): Promise<boolean> {
    if (this.leading) return true;
    try {
      if (!this.client) {
        const client = new Client({ connectionString: this.url, application_name: 'mirrorline-feed-leader' });
        client.on('error', (error) => void this.lost(client, error));
        client.on('end', () => void this.lost(client));
        await client.connect();
        this.client = client;
      }
      const [row] = await runPgSql(this.client, marketQueries.tryFeedLock(FEED_LOCK_KEY));
      if (!row?.locked || this.stopped) return false;
      this.leading = true;
      this.logger.log(`this instance runs the ${this.feed.kind} market feed`);
      await this.feed.start();
      await this.sweep().catch((error: Error) => this.logger.warn(`candle sweep failed: ${error.message}`));
      this.sweepTimer ??= setInterval(() => {
        if (this.leading) void this.sweep().catch((error: Error) => this.logger.warn(`candle sweep failed: ${error.message}`));
      }, SWEEP_EVERY_MS);
      this.sweepTimer.unref();
      return true;
    } catch (error) {
      this.logger.warn(`feed leadership attempt failed: ${(error as Error).message}`);
      if (this.leading) await this.resign();
      return false;
    }
  }

  private async lost(client: Client, error?: Error): Promise<void> {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`feed lock connection lost (${error?.message ?? 'ended'})`);
    await this.resign();
  }

  private async resign(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await this.feed.stop().catch(() => undefined);
    if (this.client) {
      await runPgSql(this.client, marketQueries.feedUnlock(FEED_LOCK_KEY)).catch(() => undefined);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.attempt?.catch(() => undefined);
    if (this.leading) {
      this.leading = false;
      await this.feed.stop().catch(() => undefined);
    }
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined); // ends the session: the lock is free for another instance
    }
  }
}
