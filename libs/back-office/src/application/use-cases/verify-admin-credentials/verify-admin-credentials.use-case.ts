import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '@mirrorline/auth';
import { UserRepository, type Role, type UserAccount } from '@mirrorline/accounts';

/** AdminJS sign-in: the same email and password as the app, for an active, verified Admin only. */
@Injectable()
export class VerifyAdminCredentialsUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(email: string, password: string): Promise<{ id: string; email: string; username: string; roles: Role[] } | null> {
    if (typeof email !== 'string' || typeof password !== 'string' || password.length > 256 || email.length > 254) return null;
    const found = await this.users.findByEmailWithHash(email.normalize('NFKC').trim().toLowerCase());
    // Verify even when the user is not an admin so the answer takes the same time either way.
    const ok = found ? await this.hasher.verify(found.passwordHash, password) : false;
    if (!found || !ok) return null;
    const { user } = found;
    if (!isActiveAdmin(user)) return null;
    return { id: user.id, email: user.email, username: user.username, roles: user.roles };
  }

  /**
   * Re-checks a signed-in AdminJS session on each request: the same rule as the sign-in, read fresh,
   * so blocking, demoting or deleting an admin ends their back-office session at once. Null when the
   * user may no longer be there; otherwise the current roles (for the audit actor).
   */
  async activeAdmin(userId: string): Promise<{ id: string; roles: Role[] } | null> {
    if (typeof userId !== 'string') return null;
    const user = await this.users.findById(null, userId);
    return user && isActiveAdmin(user) ? { id: user.id, roles: user.roles } : null;
  }
}

const isActiveAdmin = (user: UserAccount): boolean => user.roles.includes('Admin') && !user.blocked && !user.deletedAt && user.emailVerified;
