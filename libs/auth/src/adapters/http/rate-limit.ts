import { type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerOptions } from '@nestjs/throttler';
import { DEFAULT_LOGIN_RATE_LIMIT, DomainError } from '@mirrorline/shared';
import { AUTH_TOO_MANY_LOGIN_ATTEMPTS, TOO_MANY_LOGIN_ATTEMPTS_MESSAGE } from '../../domain/auth-errors';

const MINUTE = 60_000;

/**
 * Per-IP limits of the auth routes. Only routes marked with @RateLimit(name) are counted.
 * The login limit answers exactly like the per-email one (product.md: 429 "Too many login attempts"),
 * so the SPA shows one message and a caller cannot tell which of the two limits it hit.
 */
export const RATE_LIMITS = {
  login: { ttl: 15 * MINUTE, limit: DEFAULT_LOGIN_RATE_LIMIT, code: AUTH_TOO_MANY_LOGIN_ATTEMPTS, message: TOO_MANY_LOGIN_ATTEMPTS_MESSAGE },
  register: { ttl: 15 * MINUTE, limit: 30, code: 'TOO_MANY_REQUESTS', message: 'Too many sign-ups from this address; try again later' },
  'otp-send': { ttl: 15 * MINUTE, limit: 20, code: 'TOO_MANY_REQUESTS', message: 'Too many code requests; try again later' },
  'otp-verify': { ttl: 15 * MINUTE, limit: 60, code: 'TOO_MANY_REQUESTS', message: 'Too many code attempts; try again later' },
  password: { ttl: 15 * MINUTE, limit: 20, code: 'TOO_MANY_REQUESTS', message: 'Too many password attempts; try again later' },
  contact: { ttl: 15 * MINUTE, limit: 10, code: 'TOO_MANY_REQUESTS', message: 'Too many messages from this address; try again later' },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

const RATE_LIMIT = 'mirrorline:rateLimit';

/** Counts this route against the named per-IP limit (429 with Retry-After once exceeded). */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT, name);

const limitOf = (context: ExecutionContext): RateLimitName | undefined => Reflect.getMetadata(RATE_LIMIT, context.getHandler());

/**
 * The named throttlers; each skips every route not marked for it, so other contexts' routes are never limited.
 * `limits` replaces a limit's count (the login one from LOGIN_RATE_LIMIT).
 */
export function rateLimitThrottlers(limits: Partial<Record<RateLimitName, number>> = {}): ThrottlerOptions[] {
  return (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => ({
    name,
    ttl: RATE_LIMITS[name].ttl,
    limit: limits[name] ?? RATE_LIMITS[name].limit,
    skipIf: (context: ExecutionContext) => limitOf(context) !== name,
  }));
}

/** ThrottlerGuard answering in the API's error shape, with a standard Retry-After header. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http' || !limitOf(context);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const name = limitOf(context);
    const limit = name ? RATE_LIMITS[name] : { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' };
    throw new DomainError(limit.code, limit.message, 'too_many_requests', {
      retryAfterSeconds: Math.max(1, detail.timeToBlockExpire),
    });
  }
}
