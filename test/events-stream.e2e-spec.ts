import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LiveEvents } from '@mirrorline/events';
import { EventsHub } from '@mirrorline/events/testing';
import { UnitOfWork } from '@mirrorline/shared';
import { Notifications } from '@mirrorline/notifications';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, signAccessToken, type TestUser } from './support/users';
import { anotherInstance } from './support/instances';
import { baseUrl, openSse, type SseClient } from './support/sse';
import { hash } from '@node-rs/argon2';
import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';

/** events/stream (product.md §9.4): bearer, own events only, across instances, on commit only, clean ends. */
describe('live events (events/stream) across two instances', () => {
  let a: TestApp;
  let b: NestExpressApplication;
  let alice: TestUser;
  let bob: TestUser;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    b = await anotherInstance(a);
    alice = await createUser(a);
    bob = await createUser(a);
    urlA = baseUrl(a.app.getHttpServer() as Server);
    urlB = baseUrl(b.getHttpServer() as Server);
  });
  afterAll(async () => {
    await b.close().catch(() => undefined);
    await a.close();
  });

  it('needs a bearer token: 401 without one, 403 with a bad one', async () => {
    const none = await openSse(`${urlA}/api/events/stream`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body!)).toMatchObject({ statusCode: 401 });
    const bad = await openSse(`${urlA}/api/events/stream`, { Authorization: 'Bearer abc.def.ghi' });
    expect(bad.status).toBe(403);
  });

  it('an event raised on one instance reaches the client on the other, and only its recipient', async () => {
    const aliceOnB = await openSse(`${urlB}/api/events/stream`, { Authorization: alice.bearer });
    const bobOnB = await openSse(`${urlB}/api/events/stream`, { Authorization: bob.bearer });
    const aliceOnA = await openSse(`${urlA}/api/events/stream`, { Authorization: alice.bearer });
    expect([aliceOnB.status, bobOnB.status, aliceOnA.status]).toEqual([200, 200, 200]);
    const uow = a.app.get(UnitOfWork);
    const live = a.app.get(LiveEvents);
    // rolled back: never sent
    await expect(
      uow.run(async (tx) => {
        await live.publish(tx, [alice.id], { type: 'guard_hit', data: { copyId: 'rolled-back' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await uow.run((tx) => live.publish(tx, [alice.id], { type: 'copy_stopped', data: { copyId: 'c-1' } }));
    const onB = await aliceOnB.next((e) => e.event === 'copy_stopped');
    expect(JSON.parse(onB.data)).toEqual({ type: 'copy_stopped', data: { copyId: 'c-1' } });
    await aliceOnA.next((e) => e.event === 'copy_stopped');
    // A later event of bob's own, on the same path: had alice's reached his stream, it would have come first.
    await uow.run((tx) => live.publish(tx, [bob.id], { type: 'copy_stopped', data: { copyId: 'c-bob' } }));
    await bobOnB.next((e) => e.event === 'copy_stopped');
    expect(bobOnB.events.map((e) => JSON.parse(e.data))).toEqual([{ type: 'copy_stopped', data: { copyId: 'c-bob' } }]);
    expect([...aliceOnA.events, ...aliceOnB.events].some((e) => e.data.includes('rolled-back'))).toBe(false);
    for (const c of [aliceOnB, bobOnB, aliceOnA]) c.close();
  });

  it('a notification row created raises a `notification` event for its user', async () => {
    const client = await openSse(`${urlB}/api/events/stream`, { Authorization: bob.bearer });
    await a.app.get(UnitOfWork).run((tx) => a.app.get(Notifications).notify(tx, [{ userId: bob.id, type: 'copy_closed', title: 'hello' }]));
    const event = await client.next((e) => e.event === 'notification');
    expect(JSON.parse(event.data)).toEqual({ type: 'notification', data: {} });
    client.close();
  });

  it('many recipients are split over several notifications (8,000-byte limit) and all get the event', async () => {
    const ids = Array.from({ length: 600 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const client = await openSse(`${urlB}/api/events/stream`, { Authorization: alice.bearer });
    await a.app.get(LiveEvents).publish(null, [...ids, alice.id], { type: 'wallet_transaction_decided', data: { id: 'w-1', status: 'Approved' } });
    const event = await client.next((e) => e.event === 'wallet_transaction_decided');
    expect(JSON.parse(event.data).data).toEqual({ id: 'w-1', status: 'Approved' });
    await expect(a.app.get(LiveEvents).publish(null, [alice.id], { type: 'notification', data: { big: 'x'.repeat(5000) } })).rejects.toThrow(/at most/);
    client.close();
  });

  it('publishEach sends several events, each to its own users, once the transaction commits', async () => {
    const onAlice = await openSse(`${urlB}/api/events/stream`, { Authorization: alice.bearer });
    const onBob = await openSse(`${urlB}/api/events/stream`, { Authorization: bob.bearer });
    await a.app.get(UnitOfWork).run((tx) =>
      a.app.get(LiveEvents).publishEach(tx, [
        { userIds: [alice.id], event: { type: 'guard_hit', data: { copyId: 'each-1' } } },
        { userIds: [alice.id, bob.id], event: { type: 'copy_stopped', data: { copyId: 'each-2' } } },
      ]),
    );
    expect(JSON.parse((await onAlice.next((e) => e.event === 'guard_hit')).data).data).toEqual({ copyId: 'each-1' });
    expect(JSON.parse((await onAlice.next((e) => e.event === 'copy_stopped')).data).data).toEqual({ copyId: 'each-2' });
    expect(JSON.parse((await onBob.next((e) => e.event === 'copy_stopped')).data).data).toEqual({ copyId: 'each-2' });
    expect(onBob.events.some((e) => e.data.includes('each-1'))).toBe(false);
    onAlice.close();
    onBob.close();
  });

  it('200 connections opened and dropped: the server holds none afterwards', async () => {
    const hub = b.get(EventsHub);
    const server = b.getHttpServer() as Server;
    for (const deadline = Date.now() + 3000; hub.size > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    // 40 users × 5 streams each (the cap per user)
    const users = await Promise.all(Array.from({ length: 40 }, () => createUser(a)));
    const clients = await Promise.all(Array.from({ length: 200 }, (_, i) => openSse(`${urlB}/api/events/stream`, { Authorization: users[i % 40].bearer })));
    expect(clients.every((c) => c.status === 200)).toBe(true);
    expect(hub.size).toBe(200);
    for (const c of clients) c.close();
    const connections = () => new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
    const deadline = Date.now() + 5000;
    while ((hub.size > 0 || (await connections()) > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.size).toBe(0);
    expect(await connections()).toBe(0);
  });

  /**
   * Issue 26, "Live streams outlive revocation": a stream opened with a personal API token kept delivering after
   * the token was revoked, forever; one opened with a JWT, after its session was revoked, until the JWT expired.
   * Each case opens the stream on instance B and ends the credentials through instance A.
   */
  describe('a stream ends when its credentials end', () => {
    const PASSWORD = 'stream password 1';
    let passwordHash: string;
    beforeAll(async () => {
      passwordHash = await hash(PASSWORD, { algorithm: 2 });
    });
    const http = () => a.http();
    /** Resolves 'ended' once the server ends the stream; 'still open' after a deadline generous for a busy machine. */
    const outcome = (client: SseClient) => Promise.race([client.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 30_000).unref())]);
    const stream = async (authorization: string) => {
      const client = await openSse(`${urlB}/api/events/stream`, { Authorization: authorization });
      expect(client.status).toBe(200);
      return client;
    };
    const delivering = async (client: SseClient, userId: string, tag: string) => {
      await a.app.get(LiveEvents).publish(null, [userId], { type: 'notification', data: { tag } });
      await client.next((e) => e.data.includes(tag), 20_000);
    };
    const signIn = async (email: string, agent: string) => {
      const res = await http().post('/api/auth/login').set('User-Agent', agent).send({ email, password: PASSWORD }).expect(200);
      return { bearer: `Bearer ${res.body.accessToken}`, cookie: String(res.headers['set-cookie']).split(';')[0] };
    };
    const patOf = async (bearer: string) => `Bearer ${(await http().post('/api/auth/tokens').set('Authorization', bearer).send({ name: 'stream', scopes: ['read'] }).expect(201)).body.token}`;

    it('the attack as it was made: a personal API token revoked ends its stream', async () => {
      const user = await createUser(a);
      const created = await http().post('/api/auth/tokens').set('Authorization', user.bearer).send({ name: 'stream', scopes: ['read'] }).expect(201);
      const client = await stream(`Bearer ${created.body.token}`);
      await delivering(client, user.id, 'pat-before');
      await http().delete(`/api/auth/tokens/${created.body.id}`).set('Authorization', user.bearer).expect(200);
      expect(await outcome(client)).toBe('ended');
    });

    it('the attack as it was made: a session revoked ends its JWT stream; the other session\'s stream goes on', async () => {
      const user = await createUser(a, { passwordHash });
      const first = await signIn(user.email, 'browser A');
      const second = await signIn(user.email, 'browser B');
      const revoked = await stream(first.bearer);
      const kept = await stream(second.bearer);
      await delivering(revoked, user.id, 'jwt-before');
      const sessions = await http().get('/api/auth/sessions').set('Authorization', second.bearer).expect(200);
      const firstSession = sessions.body.items.find((s: { userAgent: string }) => s.userAgent === 'browser A');
      await http().delete(`/api/auth/sessions/${firstSession.id}`).set('Authorization', second.bearer).expect(200);
      expect(await outcome(revoked)).toBe('ended');
      await delivering(kept, user.id, 'jwt-after');
      kept.close();
    });

    it('logout ends the session\'s stream', async () => {
      const user = await createUser(a, { passwordHash });
      const session = await signIn(user.email, 'browser L');
      const client = await stream(session.bearer);
      await http().post('/api/auth/logout').set('Cookie', session.cookie).expect(200);
      expect(await outcome(client)).toBe('ended');
    });

    it('a password change ends the JWT streams of every session and the API token streams', async () => {
      const user = await createUser(a, { passwordHash });
      const session = await signIn(user.email, 'browser P');
      const jwt = await stream(session.bearer);
      const other = await stream(user.bearer);
      const pat = await stream(await patOf(session.bearer));
      const changed = await http().post('/api/auth/changepassword').set('Authorization', session.bearer).set('Cookie', session.cookie)
        .send({ currentPassword: PASSWORD, newPassword: 'a changed password' }).expect(200);
      expect(await Promise.all([outcome(jwt), outcome(other), outcome(pat)])).toEqual(['ended', 'ended', 'ended']);
      // the fresh token of the same session opens a stream again
      const again = await stream(`Bearer ${changed.body.accessToken}`);
      await delivering(again, user.id, 'after-change');
      again.close();
    });

    it('a password reset ends every stream of the account', async () => {
      const user = await createUser(a, { passwordHash });
      const jwt = await stream(user.bearer);
      const pat = await stream(await patOf(user.bearer));
      const outbox = captureMails(a.app.get(Mailer));
      await http().post('/api/auth/forgotpassword/sendotp').send({ email: user.email }).expect(200);
      const verified = await http().post('/api/auth/forgotpassword/verifyotp').send({ email: user.email, otp: outbox.lastCodeFor(user.email) }).expect(200);
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: verified.body.resetToken, password: 'a reset password' }).expect(200);
      expect(await Promise.all([outcome(jwt), outcome(pat)])).toEqual(['ended', 'ended']);
    });

    it('blocking the user ends its JWT and API token streams', async () => {
      const admin = await createUser(a, { roles: ['User', 'Admin'] });
      const user = await createUser(a);
      const jwt = await stream(user.bearer);
      const pat = await stream(await patOf(user.bearer));
      await http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: user.id }).expect(200);
      expect(await Promise.all([outcome(jwt), outcome(pat)])).toEqual(['ended', 'ended']);
    });
  });

  it('issue 26, "Stream caps": at most 5 event streams per user (429 beyond); closing one makes room', async () => {
    const user = await createUser(a);
    const open = await Promise.all(Array.from({ length: 5 }, () => openSse(`${urlB}/api/events/stream`, { Authorization: user.bearer })));
    expect(open.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openSse(`${urlB}/api/events/stream`, { Authorization: user.bearer });
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body!)).toMatchObject({ statusCode: 429, code: 'EVENTS.TOO_MANY_STREAMS' });
    // another user is not limited by this one
    const other = await openSse(`${urlB}/api/events/stream`, { Authorization: alice.bearer });
    expect(other.status).toBe(200);
    other.close();
    open[0].close();
    await open[0].ended;
    const hub = b.get(EventsHub);
    for (const deadline = Date.now() + 20_000; hub.size > 4 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    const again = await openSse(`${urlB}/api/events/stream`, { Authorization: user.bearer });
    expect(again.status).toBe(200);
    for (const c of [...open, again]) c.close();
  });

  it('a stream ends when the access token that opened it expires', async () => {
    const token = signAccessToken(a, { userId: alice.id, email: alice.email, username: alice.username, roles: alice.roles }, { expiresIn: 2 });
    const client = await openSse(`${urlB}/api/events/stream`, { Authorization: `Bearer ${token}` });
    expect(client.status).toBe(200);
    const outcome = await Promise.race([client.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 6000).unref())]);
    expect(outcome).toBe('ended');
  });

  it('shutting an instance down ends its open streams cleanly', async () => {
    const client = await openSse(`${urlB}/api/events/stream`, { Authorization: alice.bearer });
    const closing = b.close();
    await expect(Promise.race([client.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 5000).unref())])).resolves.toBe('ended');
    await closing;
    expect(b.get(EventsHub).size).toBe(0);
  });
});
