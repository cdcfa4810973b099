import { OTP_MAX_ATTEMPTS, OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS, OTP_TTL_MS } from '@mirrorline/otp';
import { CODE_REQUEST_LIMIT, CODE_REQUEST_WINDOW_MS, CODE_TRY_LIMIT, CODE_TRY_WINDOW_MS, codeRequestKey, codeTryKey } from './code-tries';
import { LOGIN_FAILURE_WINDOW_MS } from './login-throttle';

describe('per-email code tries', () => {
  it('mirror a code: 5 wrong tries in its 10-minute life, 5 requests per 15 minutes', () => {
    expect(CODE_TRY_LIMIT).toBe(OTP_MAX_ATTEMPTS);
    expect(CODE_TRY_WINDOW_MS).toBe(OTP_TTL_MS);
    expect(CODE_REQUEST_LIMIT).toBe(OTP_SEND_LIMIT);
    expect(CODE_REQUEST_WINDOW_MS).toBe(OTP_SEND_WINDOW_MS);
  });

  it('fit inside the login window, whose sweep also clears these keys', () => {
    expect(CODE_TRY_WINDOW_MS).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS);
    expect(CODE_REQUEST_WINDOW_MS).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS);
  });

  it('keys are per purpose, hold no address, never look like an email and fit login_failures.email', () => {
    const email = `${'x'.repeat(240)}@example.test`;
    const keys = [codeTryKey(email, 'email_verification'), codeTryKey(email, 'password_reset'), codeRequestKey(email, 'password_reset')];
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) {
      expect(key).not.toContain('@');
      expect(key).not.toContain('example');
      expect(key.length).toBeLessThanOrEqual(254);
    }
    expect(codeTryKey('a@example.test', 'password_reset')).not.toBe(codeTryKey('b@example.test', 'password_reset'));
  });
});
