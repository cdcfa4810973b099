import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

describe('audit log (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let target: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'] });
    target = await createUser(t);
    // Five audited admin actions: block/unblock twice, then a KYC change.
    for (const blocked of [true, false, true, false]) {
      await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: target.id, blocked }).expect(200);
    }
    await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: target.id, KYC: 'Verified' }).expect(200);
  });
  afterAll(() => t.close());

  it('GET /api/admin/audit lists entries newest first with who, what, target, before/after, when, ip', async () => {
    const res = await t.http().get('/api/admin/audit').set('Authorization', admin.bearer).expect(200);
    expect(res.body).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual(['user.kyc_change', 'user.unblock', 'user.block', 'user.unblock', 'user.block']);
    expect(res.body.entries[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: target.id,
      before: { KYC: 'Unverified' },
      after: { KYC: 'Verified' },
      ip: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('pages and filters', async () => {
    const page = await t.http().get('/api/admin/audit?page=2&limit=2').set('Authorization', admin.bearer).expect(200);
    expect(page.body).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page.body.entries.map((e: { action: string }) => e.action)).toEqual(['user.block', 'user.unblock']);
    const blocks = await t.http().get('/api/admin/audit?action=user.block').set('Authorization', admin.bearer).expect(200);
    expect(blocks.body.total).toBe(2);
    const byActor = await t.http().get(`/api/admin/audit?actorId=${target.id}`).set('Authorization', admin.bearer).expect(200);
    expect(byActor.body.total).toBe(0);
    const byTarget = await t.http().get(`/api/admin/audit?targetId=${target.id}`).set('Authorization', admin.bearer).expect(200);
    expect(byTarget.body.total).toBe(5);
  });

  it.each(['limit=101', 'page=0', 'action=DROP%20TABLE', 'actorId=x', 'extra=1'])('refuses the query %s with 400', async (query) => {
    await t.http().get(`/api/admin/audit?${query}`).set('Authorization', admin.bearer).expect(400);
  });

  it('is for admins only', async () => {
    await t.http().get('/api/admin/audit').set('Authorization', target.bearer).expect(403);
    await t.http().get('/api/admin/audit').expect(401);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(t.sql("UPDATE audit_log SET action = 'user.nothing'")).rejects.toThrow(/append-only/);
    await expect(t.sql('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.sql('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await t.sql('SELECT id FROM audit_log')).toHaveLength(5);
  });
});
