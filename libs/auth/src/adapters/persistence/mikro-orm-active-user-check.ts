import { Injectable } from '@nestjs/common';
import type { Role } from '@mirrorline/users';
import { ActiveUserCheck } from '../../application/active-user-check';
import { UserAccessCache } from './user-access-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's row through UserAccessCache (dropped by NOTIFY on every change that matters). */
@Injectable()
export class MikroOrmActiveUserCheck extends ActiveUserCheck {
  constructor(private readonly cache: UserAccessCache) {
    super();
  }

  async rolesIfActive(userId: string, issuedAtSeconds: number): Promise<{ roles: Role[] } | null> {
    if (!UUID.test(userId) || !Number.isFinite(issuedAtSeconds)) return null;
    const access = await this.cache.access(userId.toLowerCase());
    if (!access) return null;
    // Whole milliseconds, compared exactly with the stored microseconds (no float round-trip).
    const issuedAtUs = BigInt(Math.round(issuedAtSeconds * 1000)) * 1000n;
    if (access.tokensValidAfterUs !== null && access.tokensValidAfterUs > issuedAtUs) return null;
    return { roles: access.roles };
  }
}
