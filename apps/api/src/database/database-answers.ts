/**
 * When this process's pool last heard from PostgreSQL: a statement's result, or an error the server itself sent
 * (it has a SQLSTATE), but not a client-side timeout or a broken connection. The database monitor and the pool's
 * gate tell a busy host (its pings time out, yet statements keep being answered) from a frozen or dead database.
 */
export class DatabaseAnswers {
  private last = Date.now();

  answered(now = Date.now()): void {
    this.last = now;
  }

  /** Milliseconds since the last answer. */
  silentFor(now = Date.now()): number {
    return now - this.last;
  }
}

/** An answer from the server: no error, or one with a SQLSTATE (five characters), e.g. a constraint or a statement timeout. */
export const isServerAnswer = (error: unknown): boolean => !error || /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code ?? ''));
