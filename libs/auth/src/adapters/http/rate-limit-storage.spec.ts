import { ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { AppConfig } from '@mirrorline/shared';
import { RateLimitStorage } from './rate-limit-storage';

describe('RateLimitStorage', () => {
  it('keeps counters in process without REDIS_URL', async () => {
    const holder = new RateLimitStorage({ redisUrl: undefined } as AppConfig);
    expect(holder.storage).toBeInstanceOf(ThrottlerStorageService);
    const first = await holder.storage.increment('k', 60_000, 2, 60_000, 'login');
    const second = await holder.storage.increment('k', 60_000, 2, 60_000, 'login');
    const third = await holder.storage.increment('k', 60_000, 2, 60_000, 'login');
    expect([first.isBlocked, second.isBlocked, third.isBlocked]).toEqual([false, false, true]);
    await holder.onApplicationShutdown();
  });

  it('uses Redis when REDIS_URL is set', async () => {
    const holder = new RateLimitStorage({ redisUrl: 'redis://127.0.0.1:1' } as AppConfig);
    expect(holder.storage).toBeInstanceOf(ThrottlerStorageRedisService);
    await holder.onApplicationShutdown();
  });
});
