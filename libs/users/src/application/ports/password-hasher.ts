export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  /** false for a wrong password and for a malformed hash (never throws on user input). */
  abstract verify(hash: string, password: string): Promise<boolean>;
}
