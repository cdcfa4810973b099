import { FixedClock, type AppConfig } from '@mirrorline/shared';
import { hashRecoveryCode, matchTotpStep, newRecoveryCode, totpStepAt } from '../../domain/mfa';
import { ImmediateUnitOfWork, InMemoryCodeTryLog, InMemoryMfaStore } from '../../testing/in-memory-auth.fakes';
import { MfaCodes } from './mfa-codes';
import { Totp } from './totp';

const tx = { kind: 'transaction' } as const;
const config = { mfaEncryptionKey: Buffer.alloc(32, 3).toString('base64url') } as AppConfig;

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors (6 digits)', () => {
    // Appendix B: secret "12345678901234567890" (base32 GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ).
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(Totp.codeAt(secret, totpStepAt(59_000))).toBe('287082');
    expect(Totp.codeAt(secret, totpStepAt(1_111_111_109_000))).toBe('081804');
    expect(Totp.codeAt(secret, totpStepAt(1_234_567_890_000))).toBe('005924');
  });

  it('accepts the previous, current and next 30 s step, and nothing further', () => {
    const secret = Totp.newSecret();
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const step = totpStepAt(now);
    const codeAt = (s: number) => Totp.codeAt(secret, s);
    for (const offset of [-1, 0, 1]) expect(matchTotpStep(codeAt(step + offset), now, null, codeAt)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) {
      const code = codeAt(step + offset);
      // (a 6-digit collision with a code inside the window is possible in principle; skip it)
      if ([-1, 0, 1].some((o) => codeAt(step + o) === code)) continue;
      expect(matchTotpStep(code, now, null, codeAt)).toBeNull();
    }
    expect(matchTotpStep('12345', now, null, codeAt)).toBeNull();
    expect(matchTotpStep('abcdef', now, null, codeAt)).toBeNull();
  });

  it('never accepts a step at or before the last one used (no replay inside the window)', () => {
    const secret = Totp.newSecret();
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const step = totpStepAt(now);
    const codeAt = (s: number) => Totp.codeAt(secret, s);
    expect(matchTotpStep(codeAt(step), now, step, codeAt)).toBeNull();
    expect(matchTotpStep(codeAt(step - 1), now, step, codeAt)).toBeNull();
    expect(matchTotpStep(codeAt(step + 1), now, step, codeAt)).toBe(step + 1);
  });
});

describe('MfaCodes', () => {
  const setUp = async () => {
    const clock = new FixedClock(new Date(Date.UTC(2026, 0, 1, 12, 0, 15)));
    const store = new InMemoryMfaStore();
    const tries = new InMemoryCodeTryLog();
    const codes = new MfaCodes(store, tries, clock, new ImmediateUnitOfWork(), config);
    const secret = Totp.newSecret();
    await store.setPending(tx, 'u1', codes.seal(secret));
    await store.enable(tx, 'u1', codes.seal(secret), clock.now(), totpStepAt(clock.now().getTime()) - 5);
    const recovery = Array.from({ length: 10 }, newRecoveryCode);
    await store.replaceRecoveryCodes(tx, 'u1', recovery.map(hashRecoveryCode));
    const now = () => totpStepAt(clock.now().getTime());
    return { clock, store, tries, codes, secret, recovery, now };
  };

  it('keeps the secret sealed at rest and opens it again', async () => {
    const { store, codes, secret } = await setUp();
    const sealed = (await store.find(tx, 'u1'))!.secretEnc!;
    expect(sealed).not.toContain(secret);
    expect(codes.open(sealed)).toBe(secret);
  });

  it('accepts a code once: the same code again is refused (replay)', async () => {
    const { codes, secret, now } = await setUp();
    const code = Totp.codeAt(secret, now());
    expect((await codes.check(tx, 'u1', code)).kind).toBe('ok');
    expect((await codes.check(tx, 'u1', code)).kind).toBe('wrong');
  });

  it('recovery codes work once each, in any case and with or without the dash', async () => {
    const { codes, store, recovery } = await setUp();
    expect(await codes.check(tx, 'u1', recovery[0].toLowerCase())).toEqual({ kind: 'ok', via: 'recovery' });
    expect((await codes.check(tx, 'u1', recovery[0])).kind).toBe('wrong');
    expect(await codes.check(tx, 'u1', recovery[1].replace('-', ''))).toEqual({ kind: 'ok', via: 'recovery' });
    expect(await store.recoveryCodesLeft(tx, 'u1')).toBe(8);
  });

  it('locks the account for 15 minutes after 5 wrong codes, even for the right one', async () => {
    const { codes, secret, clock, now } = await setUp();
    for (let i = 0; i < 5; i++) expect((await codes.check(tx, 'u1', '000000' === Totp.codeAt(secret, now()) ? '111111' : '000000')).kind).toBe('wrong');
    const locked = await codes.check(tx, 'u1', Totp.codeAt(secret, now()));
    expect(locked.kind).toBe('locked');
    expect(MfaCodes.failure(locked)).toMatchObject({ code: 'MFA.TOO_MANY_ATTEMPTS', kind: 'too_many_requests' });
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await codes.check(tx, 'u1', Totp.codeAt(secret, now()))).kind).toBe('ok');
  });

  it('an action needs a code only when 2FA is on: MFA_REQUIRED without, 400 wrong', async () => {
    const { codes, secret, now } = await setUp();
    await expect(codes.requireForAction('nobody', undefined)).resolves.toBeUndefined();
    await expect(codes.requireForAction('u1', undefined)).rejects.toMatchObject({ code: 'MFA_REQUIRED', kind: 'forbidden' });
    const wrong = Totp.codeAt(secret, now()) === '123456' ? '654321' : '123456';
    await expect(codes.requireForAction('u1', wrong)).rejects.toMatchObject({ code: 'MFA.INVALID_CODE', kind: 'validation' });
    await expect(codes.requireForAction('u1', Totp.codeAt(secret, now()))).resolves.toBeUndefined();
  });
});
