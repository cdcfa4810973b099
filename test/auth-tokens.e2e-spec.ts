import { createHmac } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { RevokeUserSessionsUseCase } from '@mirrorline/auth';
import { createUser, signAccessToken } from './support/users';
import { useAuthApp, decodeJwt } from './support/auth-spec';
import type { TestApp } from './support/test-app';

describe('auth: access tokens, the global guard (HTTP against real PostgreSQL)', () => {
  const spec = useAuthApp();
  const { verifiedUser, login, refresh, probe } = spec;
  let t: TestApp;
  beforeAll(() => {
    t = spec.t;
  });

  describe('access tokens (global guard)', () => {
    it('missing → 401; tampered, alg none, wrong key, expired, refresh token → 403 TOKEN_EXPIRED with WWW-Authenticate', async () => {
      const { email } = await verifiedUser();
      const { accessToken, cookie } = await login(email);
      await probe().expect(401);
      const [h, p, s] = accessToken.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const tamperedPayload = Buffer.from(JSON.stringify({ ...payload, UserInfo: { ...payload.UserInfo, roles: ['User', 'Admin'] } })).toString('base64url');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const forgedKey = createHmac('sha256', 'not-the-key').update(`${h}.${p}`).digest('base64url');
      const user = { userId: payload.sub, email, username: payload.UserInfo.username, roles: ['User' as const] };
      const candidates = {
        tampered: `${h}.${tamperedPayload}.${s}`,
        algNone: `${none}.${p}.`,
        wrongKey: `${h}.${p}.${forgedKey}`,
        expired: signAccessToken(t, user, { expiresIn: -10 }),
        refreshTokenAsBearer: cookie!.value,
        refreshSecret: signAccessToken(t, user, { secret: t.config.jwtRefreshSecret }),
      };
      for (const [name, token] of Object.entries(candidates)) {
        const res = await probe(`Bearer ${token}`);
        expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 403, code: 'TOKEN_EXPIRED' });
        expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
    });

    it('the Bearer scheme is case-insensitive; another scheme or an empty token is a missing token (401)', async () => {
      const { email } = await verifiedUser();
      const { accessToken } = await login(email);
      await probe(`bearer ${accessToken}`).expect(400);
      await probe(`BEARER ${accessToken}`).expect(400);
      for (const header of ['Basic dXNlcjpwYXNzd29yZA==', `Token ${accessToken}`, 'Bearer', 'Bearer    ']) {
        const res = await probe(header);
        expect({ header, status: res.status, code: res.body.code }).toEqual({ header, status: 401, code: 'UNAUTHENTICATED' });
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
      // A Bearer token that is not a JWT is still a (bad) token.
      await probe('Bearer not-a-jwt').expect(403);
    });

    it('a token whose typ is not access is refused', async () => {
      const { email } = await verifiedUser();
      const { payload } = decodeJwt((await login(email)).accessToken);
      const { iat: _iat, exp: _exp, ...claims } = payload;
      const token = new JwtService().sign({ ...claims, typ: 'refresh' }, { secret: t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 60 });
      // The same claims with typ access pass: only the type differs.
      await probe(`Bearer ${new JwtService().sign(claims, { secret: t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 60 })}`).expect(400);
      await probe(`Bearer ${token}`).expect(403);
    });

    it('RevokeUserSessionsUseCase (exported for the admin block) ends access and refresh tokens', async () => {
      const { email } = await verifiedUser();
      const { accessToken, cookie } = await login(email);
      const { payload } = decodeJwt(accessToken);
      await probe(`Bearer ${accessToken}`).expect(400);
      await t.app.get(RevokeUserSessionsUseCase).execute({ userId: payload.sub });
      await probe(`Bearer ${accessToken}`).expect(403);
      await refresh(cookie!.value).expect(403);
      // A new sign-in right after works (tokens issued after the revocation are valid).
      const again = await login(email);
      await probe(`Bearer ${again.accessToken}`).expect(400);
    });

    it('a blocked user\'s token stops working at once', async () => {
      const user = await createUser(t);
      await probe(user.bearer).expect(400);
      await t.sql('UPDATE users SET blocked = true WHERE id = ?', [user.id]);
      const res = await probe(user.bearer).expect(403);
      expect(res.body.code).toBe('TOKEN_EXPIRED');
    });
  });
});
