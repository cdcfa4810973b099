/**
 * Port: sign-in attempts per email, for the per-email throttle. An attempt is recorded before the
 * password is checked (so parallel guesses count against each other), kept when it fails, and
 * forgotten when it was refused by the limit itself.
 */
export abstract class LoginFailureLog {
  /** Records an attempt; returns its id and the times of the attempts recorded before it inside the window. */
  abstract recordAttempt(email: string, at: Date, windowStart: Date): Promise<{ id: string; earlier: Date[] }>;
  abstract forget(id: string): Promise<void>;
  /** A successful sign-in clears the count. */
  abstract clear(email: string): Promise<void>;
}
