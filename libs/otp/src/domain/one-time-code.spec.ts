import { attemptCode, generateOtpCode, hashOtpCode, OTP_MAX_ATTEMPTS, OTP_TTL_MS, type OneTimeCodeState } from './one-time-code';

const pepper = 'pepper';
const now = new Date('2026-01-01T00:00:00Z');
const code = (over: Partial<OneTimeCodeState> = {}): OneTimeCodeState => ({
  id: 'c1',
  userId: 'u1',
  purpose: 'email_verification',
  codeHash: hashOtpCode(pepper, 'u1', 'email_verification', '123456'),
  attempts: 0,
  expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  consumedAt: null,
  ...over,
});
const right = hashOtpCode(pepper, 'u1', 'email_verification', '123456');
const wrong = hashOtpCode(pepper, 'u1', 'email_verification', '654321');

describe('one-time codes', () => {
  it('generates 6 digits, zero-padded, from the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateOtpCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('hashes are bound to user and purpose, and keyed by the pepper', () => {
    const base = hashOtpCode(pepper, 'u1', 'email_verification', '123456');
    expect(hashOtpCode(pepper, 'u1', 'password_reset', '123456')).not.toBe(base);
    expect(hashOtpCode(pepper, 'u2', 'email_verification', '123456')).not.toBe(base);
    expect(hashOtpCode('other', 'u1', 'email_verification', '123456')).not.toBe(base);
    expect(base).not.toContain('123456');
  });

  it('the right code is consumed (single use)', () => {
    const { outcome, next } = attemptCode(code(), right, now);
    expect(outcome).toEqual({ kind: 'verified' });
    expect(next?.consumedAt).toEqual(now);
    expect(attemptCode(code({ consumedAt: now }), right, now).outcome).toEqual({ kind: 'missing' });
  });

  it('a wrong code counts one attempt', () => {
    const { outcome, next } = attemptCode(code({ attempts: 2 }), wrong, now);
    expect(outcome).toEqual({ kind: 'wrong', attemptsLeft: 2 });
    expect(next).toEqual({ attempts: 3, consumedAt: null });
  });

  it(`after ${OTP_MAX_ATTEMPTS} wrong tries the code is burned, even for the right digits`, () => {
    let state = code();
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const { outcome, next } = attemptCode(state, wrong, now);
      expect(outcome.kind).toBe('wrong');
      state = { ...state, ...next! };
    }
    const { outcome, next } = attemptCode(state, right, now);
    expect(outcome).toEqual({ kind: 'burned', retryAfterSeconds: OTP_TTL_MS / 1000 });
    expect(next).toBeUndefined();
  });

  it('expires after 10 minutes, even with the right digits', () => {
    expect(attemptCode(code(), right, new Date(now.getTime() + OTP_TTL_MS - 1)).outcome.kind).toBe('verified');
    const late = attemptCode(code(), right, new Date(now.getTime() + OTP_TTL_MS));
    expect(late.outcome).toEqual({ kind: 'expired' });
    expect(late.next).toBeUndefined();
  });

  it('no live code → missing', () => {
    expect(attemptCode(null, right, now).outcome).toEqual({ kind: 'missing' });
  });
});
