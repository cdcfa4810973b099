import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';

/**
 * Where rate-limit counters live (the port is @nestjs/throttler's ThrottlerStorage): in this process
 * by default, in Redis when REDIS_URL is set so that several API instances share one count.
 */
@Injectable()
export class RateLimitStorage implements OnApplicationShutdown {
  readonly storage: ThrottlerStorage;
  private readonly redis?: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.redisUrl) {
      // Connects on first use; a Redis outage is logged here (requests on limited routes then fail) instead of crashing.
      this.redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const logger = new Logger('RateLimitStorage');
      this.redis.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
      this.storage = new ThrottlerStorageRedisService(this.redis);
    } else {
      this.storage = new ThrottlerStorageService();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) this.redis.disconnect();
    else (this.storage as ThrottlerStorageService).onApplicationShutdown();
  }
}

@Module({ providers: [RateLimitStorage], exports: [RateLimitStorage] })
export class RateLimitStorageModule {}
