/** Port: one-way password hashing (argon2id in production). */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  /** false for a wrong password and for a malformed hash (never throws on user input). */
  abstract verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same work as a verify, for unknown emails, so timing does not reveal whether an account exists. */
  abstract burn(password: string): Promise<void>;
}
