import { Argon2PasswordHasher } from './argon2-password-hasher';

describe('Argon2PasswordHasher', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id m=19456 KiB, t=2, p=1 and verifies', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('correct horse battery');
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'correct horse batterY')).toBe(false);
  });

  it('a malformed stored hash, or one that is not argon2 at all, matches nothing instead of throwing', async () => {
    expect(await hasher.verify('', 'anything')).toBe(false);
    expect(await hasher.verify('hash:anything', 'anything')).toBe(false);
    expect(await hasher.verify('$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder', 'anything')).toBe(false);
  });

  it('burn spends comparable work', async () => {
    await hasher.burn('warm-up');
    const started = process.hrtime.bigint();
    await hasher.burn('whatever');
    const burnMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(burnMs).toBeGreaterThan(2);
  });
});
