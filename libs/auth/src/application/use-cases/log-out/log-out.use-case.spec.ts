import { FixedClock } from '@mirrorline/shared';
import { hashOpaqueToken } from '../../../domain/tokens';
import { ImmediateUnitOfWork, InMemoryRefreshTokenStore } from '../../../testing/in-memory-auth.fakes';
import { LogOutUseCase } from './log-out.use-case';

const tx = { kind: 'transaction' } as const;

describe('LogOutUseCase (in-memory fakes)', () => {
  const clock = new FixedClock(new Date('2026-11-23T10:00:00Z'));
  const expiresAt = new Date('2026-12-23T10:00:00Z');

  async function setup() {
    const store = new InMemoryRefreshTokenStore();
    // alice's session: a rotated token and the live one of the same family; another session of hers; bob's
    await store.insert(tx, { userId: 'alice', familyId: 'f1', tokenHash: hashOpaqueToken('alice-old'), expiresAt });
    await store.insert(tx, { userId: 'alice', familyId: 'f1', tokenHash: hashOpaqueToken('alice-live'), expiresAt });
    await store.insert(tx, { userId: 'alice', familyId: 'f2', tokenHash: hashOpaqueToken('alice-phone'), expiresAt });
    await store.insert(tx, { userId: 'bob', familyId: 'f3', tokenHash: hashOpaqueToken('bob-live'), expiresAt });
    return { store, logOut: new LogOutUseCase(new ImmediateUnitOfWork(), store, clock) };
  }
  const revoked = (store: InMemoryRefreshTokenStore) => store.rows.filter((r) => r.revokedAt).map((r) => r.familyId);

  it("revokes the whole family of the cookie's token, and only it (the user's other sessions stay)", async () => {
    const s = await setup();
    await expect(s.logOut.execute({ refreshToken: 'alice-live' })).resolves.toEqual({ message: 'Logged out' });
    expect(revoked(s.store)).toEqual(['f1', 'f1']);
    expect(s.store.rows.find((r) => r.familyId === 'f1')?.revokedAt).toEqual(clock.now());
  });

  it('is idempotent: again, without a cookie, or with an unknown token it answers the same and revokes nothing more', async () => {
    const s = await setup();
    await s.logOut.execute({ refreshToken: 'alice-old' });
    for (const refreshToken of ['alice-old', undefined, '', 'not-a-token']) {
      await expect(s.logOut.execute({ refreshToken })).resolves.toEqual({ message: 'Logged out' });
    }
    expect(revoked(s.store)).toEqual(['f1', 'f1']);
  });
});
