import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');

describe('KYC (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'] });
  });
  afterAll(() => t.close());

  const submit = (user: TestUser, files: Partial<Record<'front' | 'back' | 'selfie', [Buffer, string, string?]>>, fields: Record<string, string> = {}) => {
    let req = t.http().post('/api/user/requestKYC').set('Authorization', user.bearer);
    const allFields = { documentType: 'passport', documentNumber: 'X1234567', ...fields };
    for (const [name, value] of Object.entries(allFields)) req = req.field(name, value);
    for (const [name, [bytes, filename, contentType]] of Object.entries(files)) {
      req = req.attach(name, bytes, { filename, contentType: contentType ?? 'application/octet-stream' });
    }
    return req;
  };
  const storedCount = () => (existsSync(join(t.config.uploadDir, 'kyc')) ? readdirSync(join(t.config.uploadDir, 'kyc')).length : 0);
  const status = async (id: string) => (await t.sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = ?', [id]))[0].kyc_status;

  describe('POST /api/user/requestKYC', () => {
    it('stores the documents under random names and moves Unverified → Pending', async () => {
      const user = await createUser(t);
      const res = await submit(user, { front: [PNG, 'front.png'], back: [PDF, 'back.pdf'], selfie: [JPEG, 'me.jpg'] }).expect(201);
      expect(res.body).toMatchObject({ message: 'KYC documents submitted', KYC: 'Pending', submission: { documentType: 'passport', status: 'Pending' } });
      expect(await status(user.id)).toBe('Pending');
      const [row] = await t.sql<{ files: Record<string, { key: string; contentType: string; size: number }>; document_number: string }>(
        'SELECT files, document_number FROM kyc_submissions WHERE user_id = ?',
        [user.id],
      );
      expect(row.document_number).toBe('X1234567');
      expect(row.files.front).toMatchObject({ contentType: 'image/png', size: PNG.length });
      expect(row.files.back.contentType).toBe('application/pdf');
      expect(row.files.selfie.contentType).toBe('image/jpeg');
      const stored = readdirSync(join(t.config.uploadDir, 'kyc'));
      expect(stored).toEqual(expect.arrayContaining([row.files.front.key, row.files.back.key, row.files.selfie.key]));
      for (const name of stored) expect(name).toMatch(/^[0-9a-f]{32}$/);
      expect(statSync(join(t.config.uploadDir, 'kyc', row.files.front.key)).mode & 0o077).toBe(0);
    });

    it('answers 409 while Pending and once Verified', async () => {
      const pending = await createUser(t, { kyc: 'Pending' });
      const verified = await createUser(t, { kyc: 'Verified' });
      const a = await submit(pending, { front: [PNG, 'f.png'], selfie: [PNG, 's.png'] }).expect(409);
      expect(a.body.code).toBe('KYC.ALREADY_PENDING');
      const b = await submit(verified, { front: [PNG, 'f.png'], selfie: [PNG, 's.png'] }).expect(409);
      expect(b.body.code).toBe('KYC.ALREADY_VERIFIED');
    });

    it('accepts exactly one of several concurrent submissions and keeps no orphaned files', async () => {
      const user = await createUser(t);
      const before = storedCount();
      const results = await Promise.all([1, 2, 3].map(() => submit(user, { front: [PNG, 'f.png'], selfie: [JPEG, 's.jpg'] })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await t.sql('SELECT 1 FROM kyc_submissions WHERE user_id = ?', [user.id])).toHaveLength(1);
      expect(storedCount()).toBe(before + 2);
    });

    it('lets a user submit again after the admin sets Unverified', async () => {
      const user = await createUser(t);
      await submit(user, { front: [PNG, 'f.png'], selfie: [PNG, 's.png'] }).expect(201);
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, KYC: 'Unverified' }).expect(200);
      await submit(user, { front: [JPEG, 'f.jpg'], selfie: [PNG, 's.png'] }).expect(201);
      const rows = await t.sql<{ status: string }>('SELECT status FROM kyc_submissions WHERE user_id = ? ORDER BY created_at', [user.id]);
      expect(rows.map((r) => r.status)).toEqual(['Rejected', 'Pending']);
    });

    it('refuses an HTML file named .png and declared image/png (400), keeping nothing on disk', async () => {
      const user = await createUser(t);
      const before = storedCount();
      const res = await submit(user, { front: [HTML, 'passport.png', 'image/png'], selfie: [PNG, 's.png'] }).expect(400);
      expect(res.body.message).toMatch(/front must be a JPEG, PNG or PDF/);
      expect(await status(user.id)).toBe('Unverified');
      expect(storedCount()).toBe(before);
    });

    it('accepts a real image whatever its name and declared type claim', async () => {
      const user = await createUser(t);
      await submit(user, { front: [PNG, 'scan.txt', 'text/plain'], selfie: [JPEG, 'x', 'application/x-foo'] }).expect(201);
    });

    it('refuses a missing front or selfie (400)', async () => {
      const user = await createUser(t);
      expect((await submit(user, { selfie: [PNG, 's.png'] }).expect(400)).body.message).toMatch(/front is required/);
      expect((await submit(user, { front: [PNG, 'f.png'] }).expect(400)).body.message).toMatch(/selfie is required/);
      expect(await status(user.id)).toBe('Unverified');
    });

    it('refuses a file over 5 MB with 413 JSON', async () => {
      const user = await createUser(t);
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
      const res = await submit(user, { front: [big, 'big.png'], selfie: [PNG, 's.png'] }).expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it.each([
      [{ documentType: 'library_card' }, 'documentType'],
      [{ documentNumber: 'ab' }, 'documentNumber'],
      [{ documentNumber: 'x'.repeat(65) }, 'documentNumber'],
      [{ documentNumber: '<script>' }, 'documentNumber'],
      [{ KYC: 'Verified' }, 'KYC'],
      [{ status: 'Verified' }, 'status'],
    ])('refuses bad or extra fields %j with 400', async (fields, name) => {
      const user = await createUser(t);
      const res = await submit(user, { front: [PNG, 'f.png'], selfie: [PNG, 's.png'] }, fields as Record<string, string>).expect(400);
      expect(res.body.message).toContain(name);
      expect(await status(user.id)).toBe('Unverified');
    });

    it('refuses an unexpected file field, a second front, a JSON body and a broken multipart body with 400, never 500', async () => {
      const user = await createUser(t);
      await submit(user, { front: [PNG, 'f.png'], selfie: [PNG, 's.png'], extra: [PNG, 'x.png'] } as never).expect(400);
      await t
        .http()
        .post('/api/user/requestKYC')
        .set('Authorization', user.bearer)
        .field('documentType', 'passport')
        .field('documentNumber', 'X1234567')
        .attach('front', PNG, 'a.png')
        .attach('front', PNG, 'b.png')
        .attach('selfie', PNG, 's.png')
        .expect(400);
      await t.http().post('/api/user/requestKYC').set('Authorization', user.bearer).send({ documentType: 'passport', documentNumber: 'X1234567' }).expect(400);
      const broken = await t
        .http()
        .post('/api/user/requestKYC')
        .set('Authorization', user.bearer)
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="front"; filename="a.png"\r\n\r\nabc');
      expect(broken.status).toBe(400);
      expect(broken.body.statusCode).toBe(400);
    });

    it('needs a signed-in user', async () => {
      await t.http().post('/api/user/requestKYC').attach('front', PNG, 'f.png').expect(401);
    });
  });

  describe('admin review', () => {
    let user: TestUser;
    let submissionId: string;

    beforeAll(async () => {
      user = await createUser(t, { username: 'kyc_reviewed' });
      const res = await submit(user, { front: [PNG, 'f.png'], selfie: [PDF, 's.pdf'] }).expect(201);
      submissionId = res.body.submission.id;
    });

    it('GET /api/admin/kyc lists submissions, filterable by status, without storage keys', async () => {
      const res = await t.http().get('/api/admin/kyc?status=Pending').set('Authorization', admin.bearer).expect(200);
      const mine = res.body.submissions.find((s: { id: string }) => s.id === submissionId);
      expect(mine).toMatchObject({ userId: user.id, username: 'kyc_reviewed', status: 'Pending', documentType: 'passport' });
      expect(mine.files.front).toEqual({ contentType: 'image/png', size: PNG.length, url: `/api/admin/kyc/${submissionId}/files/front` });
      expect(JSON.stringify(res.body)).not.toMatch(/"key"/);
      expect(res.body.submissions.every((s: { status: string }) => s.status === 'Pending')).toBe(true);
      const verified = await t.http().get('/api/admin/kyc?status=Verified').set('Authorization', admin.bearer).expect(200);
      expect(verified.body.submissions.find((s: { id: string }) => s.id === submissionId)).toBeUndefined();
      await t.http().get('/api/admin/kyc?status=Bogus').set('Authorization', admin.bearer).expect(400);
    });

    it('GET /api/admin/kyc/:id/files/:name streams the document as an attachment with its detected type, and audits the view', async () => {
      const res = await t.http().get(`/api/admin/kyc/${submissionId}/files/selfie`).set('Authorization', admin.bearer).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="selfie.pdf"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(res.body).equals(PDF)).toBe(true);
      const views = await t.sql<{ actor_id: string; after: { file: string } }>("SELECT actor_id, after FROM audit_log WHERE action = 'kyc.document_view' AND target_id = ?", [submissionId]);
      expect(views).toEqual([{ actor_id: admin.id, after: { file: 'selfie', userId: user.id } }]);
    });

    it('answers 404 for a missing file or submission and 400 for a bad name or id', async () => {
      await t.http().get(`/api/admin/kyc/${submissionId}/files/back`).set('Authorization', admin.bearer).expect(404);
      await t.http().get('/api/admin/kyc/00000000-0000-4000-8000-000000000000/files/front').set('Authorization', admin.bearer).expect(404);
      await t.http().get(`/api/admin/kyc/${submissionId}/files/..%2F..%2Fetc%2Fpasswd`).set('Authorization', admin.bearer).expect(400);
      await t.http().get('/api/admin/kyc/not-a-uuid/files/front').set('Authorization', admin.bearer).expect(400);
    });

    it('is for admins only: the owner cannot fetch documents either', async () => {
      await t.http().get('/api/admin/kyc').set('Authorization', user.bearer).expect(403);
      await t.http().get(`/api/admin/kyc/${submissionId}/files/front`).set('Authorization', user.bearer).expect(403);
      await t.http().get(`/api/admin/kyc/${submissionId}/files/front`).expect(401);
    });

    it('the admin decision (PATCH user/update KYC) closes the submission as reviewed', async () => {
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, KYC: 'Verified' }).expect(200);
      const [row] = await t.sql<{ status: string; reviewed_by: string; reviewed_at: Date }>('SELECT status, reviewed_by, reviewed_at FROM kyc_submissions WHERE id = ?', [submissionId]);
      expect(row).toMatchObject({ status: 'Verified', reviewed_by: admin.id });
      expect(row.reviewed_at).not.toBeNull();
      expect(await status(user.id)).toBe('Verified');
    });
  });
});
