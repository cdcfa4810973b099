import { useAuthApp, MINUTE, decodeJwt, refreshCookie } from './support/auth-spec';
import type { TestApp } from './support/test-app';

describe('auth: GET refresh/ and POST logout/ (HTTP against real PostgreSQL)', () => {
  const spec = useAuthApp();
  const { http, advance, verifiedUser, login, refresh, probe } = spec;
  let t: TestApp;
  beforeAll(() => {
    t = spec.t;
  });

  describe('GET refresh/ and POST logout/', () => {
    it('401 without a cookie', async () => {
      const res = await refresh().expect(401);
      expect(res.body.statusCode).toBe(401);
    });

    it('403 for an unknown cookie', async () => {
      await refresh('x'.repeat(43)).expect(403);
    });

    it('rotates: new access token and new cookie; the old cookie replayed revokes the whole family', async () => {
      const { email } = await verifiedUser();
      const first = await login(email);
      const r1 = await refresh(first.cookie!.value).expect(200);
      const second = refreshCookie(r1);
      expect(second?.value).toBeDefined();
      expect(second!.value).not.toBe(first.cookie!.value);
      expect(decodeJwt(r1.body.accessToken).payload.typ).toBe('access');
      await probe(`Bearer ${r1.body.accessToken}`).expect(400);
      const r2 = await refresh(second!.value).expect(200);
      const third = refreshCookie(r2)!;
      // Replay of an already rotated token: reuse detected, family revoked (even the newest token dies).
      const replay = await refresh(first.cookie!.value).expect(403);
      expect(replay.body.code).toBe('AUTH.REFRESH_REJECTED');
      await refresh(third.value).expect(403);
      // Another session of the same user (other family) is untouched.
      const other = await login(email);
      await refresh(other.cookie!.value).expect(200);
    });

    it('a refresh token expires after 7 days', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      advance(7 * 24 * 60 * MINUTE + 1000);
      await refresh(cookie!.value).expect(403);
    });

    it('a blocked user cannot refresh', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      await t.sql('UPDATE users SET blocked = true WHERE email = ?', [email]);
      await refresh(cookie!.value).expect(403);
    });

    it('the UserInfo of a refreshed token is current (e.g. after KYC changes)', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      await t.sql(`UPDATE users SET kyc_status = 'Verified' WHERE email = ?`, [email]);
      const res = await refresh(cookie!.value).expect(200);
      expect(decodeJwt(res.body.accessToken).payload.UserInfo).toMatchObject({ kycverified: true, kycstring: 'Verified' });
    });

    it('logout revokes the family and clears the cookie; works without a cookie too', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      const out = await http().post('/api/auth/logout').set('Cookie', `refresh_token=${cookie!.value}`).expect(200);
      const cleared = refreshCookie(out);
      expect(cleared?.value).toBe('');
      expect(cleared?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(cleared?.raw).toMatch(/Path=\/api\/auth/);
      await refresh(cookie!.value).expect(403);
      await http().post('/api/auth/logout').expect(200);
    });
  });
});
