/** Port: one-way password hashing (argon2id in production). */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same work as a verify, for unknown emails, so timing does not reveal whether an account exists. */
  abstract burn(password: string): Promise<void>;
}
