import { LOGIN_FAILURE_WINDOW_MS, loginRetryAfterSeconds } from './login-throttle';

const now = new Date('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('login throttle (5 failures per email per 15 minutes)', () => {
  it('allows up to 4 recent failures', () => {
    expect(loginRetryAfterSeconds([ago(1000), ago(2000), ago(3000), ago(4000)], now)).toBeNull();
  });

  it('blocks at 5 failures until the oldest of the last five leaves the window', () => {
    const failures = [ago(60_000), ago(50_000), ago(40_000), ago(30_000), ago(20_000)];
    expect(loginRetryAfterSeconds(failures, now)).toBe(15 * 60 - 60);
  });

  it('ignores failures older than the window', () => {
    const failures = [ago(LOGIN_FAILURE_WINDOW_MS + 1), ago(1000), ago(2000), ago(3000), ago(4000)];
    expect(loginRetryAfterSeconds(failures, now)).toBeNull();
  });

  it('with more than 5 failures, waits for the 5th most recent one', () => {
    const failures = [ago(1000), ago(2000), ago(3000), ago(4000), ago(5000), ago(600_000)];
    expect(loginRetryAfterSeconds(failures, now)).toBe(15 * 60 - 5);
  });

  it('never answers less than one second', () => {
    const failures = Array.from({ length: 5 }, () => ago(LOGIN_FAILURE_WINDOW_MS - 1));
    expect(loginRetryAfterSeconds(failures, now)).toBe(1);
  });
});
