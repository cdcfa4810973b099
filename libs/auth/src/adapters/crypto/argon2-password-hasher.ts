import { Algorithm, hash, verify } from '@node-rs/argon2';
import { PasswordHasher } from '../../application/ports/password-hasher';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The one password hasher (auth exports the port; user management uses it). */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher extends PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    // Not an argon2 hash at all (a placeholder, an emptied column): nothing to compare with.
    if (!passwordHash.startsWith('$argon2')) return false;
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash matches nothing.
      return false;
    }
  }

  async burn(password: string): Promise<void> {
    this.dummyHash ??= hash('mirrorline-timing-equaliser', OPTIONS);
    await verify(await this.dummyHash, password);
  }
}
