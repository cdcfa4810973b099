/** Port: failed sign-ins per email, for the per-email throttle. */
export abstract class LoginFailureLog {
  abstract failuresSince(email: string, since: Date): Promise<Date[]>;
  abstract record(email: string, at: Date): Promise<void>;
  abstract clear(email: string): Promise<void>;
}
