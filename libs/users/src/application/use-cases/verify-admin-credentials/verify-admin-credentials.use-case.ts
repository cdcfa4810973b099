import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserRepository } from '../../ports/user.repository';

/** AdminJS sign-in: the same email and password as the app, for an active, verified Admin only. */
@Injectable()
export class VerifyAdminCredentialsUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(email: string, password: string): Promise<{ id: string; email: string; username: string } | null> {
    if (typeof email !== 'string' || typeof password !== 'string' || password.length > 256 || email.length > 254) return null;
    const found = await this.users.findByEmailWithHash(email.trim().toLowerCase());
    // Verify even when the user is not an admin so the answer takes the same time either way.
    const ok = found ? await this.hasher.verify(found.passwordHash, password) : false;
    if (!found || !ok) return null;
    const { user } = found;
    if (!user.roles.includes('Admin') || user.blocked || user.deletedAt || !user.emailVerified) return null;
    return { id: user.id, email: user.email, username: user.username };
  }
}
