import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';
import { anotherInstance } from './support/instances';
import { startS3Server, type S3TestServer } from './support/s3-server';
import { createUser, type TestUser } from './support/users';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

/**
 * KYC documents in object storage (DOCUMENT_STORE=s3, docs/deploy.md "Documents"): two replicas with their own
 * UPLOAD_DIR (two hosts) on one S3-protocol server (s3rver, started here); what one replica stored, an admin
 * served by the other reads, streamed through the API. Nothing of it stays on either replica's disk.
 */
describe('KYC documents in an S3 bucket, across two replicas', () => {
  let s3: S3TestServer;
  let a: TestApp;
  let b: NestExpressApplication;
  let admin: TestUser;
  const onB = () => request(b.getHttpServer() as Server);

  beforeAll(async () => {
    s3 = await startS3Server();
    a = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...s3.env() });
    b = await anotherInstance(a, s3.env());
    admin = await createUser(a, { roles: ['User', 'Admin'] });
  });
  afterAll(async () => {
    await b?.close().catch(() => undefined);
    await a?.close();
    await s3?.stop();
  });

  const submit = (user: TestUser) =>
    a
      .http()
      .post('/api/user/requestKYC')
      .set('Authorization', user.bearer)
      .field('documentType', 'passport')
      .field('documentNumber', 'X7654321')
      .attach('front', PNG, { filename: 'front.png', contentType: 'image/png' })
      .attach('selfie', PDF, { filename: 'me.pdf', contentType: 'application/pdf' });
  const localFiles = (dir: string) => ['kyc', 'tmp'].flatMap((sub) => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)) : []));

  it('a document uploaded through one replica is read by an admin on the other, from the bucket', async () => {
    const user = await createUser(a);
    await submit(user).expect(201);
    const list = await onB().get(`/api/admin/kyc?userId=${user.id}`).set('Authorization', admin.bearer).expect(200);
    const [submission] = list.body.submissions;
    expect(submission.files.front).toEqual({ contentType: 'image/png', size: PNG.length, url: `/api/admin/kyc/${submission.id}/files/front` });
    const front = await onB().get(submission.files.front.url).set('Authorization', admin.bearer).buffer(true).expect(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(front.body).equals(PNG)).toBe(true);
    const selfie = await onB().get(submission.files.selfie.url).set('Authorization', admin.bearer).buffer(true).expect(200);
    expect(Buffer.from(selfie.body).equals(PDF)).toBe(true);
    // Neither replica kept a copy: the temporary upload was streamed to the bucket and deleted.
    expect(localFiles(a.config.uploadDir)).toEqual([]);
  });

  it('a store that is down answers 503 STORAGE_UNAVAILABLE with Retry-After, keeps nothing half-written, and serves again once back', async () => {
    const user = await createUser(a);
    await s3.stop();
    try {
      const refused = await submit(user).expect(503);
      expect(refused.body.code).toBe('STORAGE_UNAVAILABLE');
      expect(refused.headers['retry-after']).toBe('30');
      expect(await a.sql('SELECT 1 FROM kyc_submissions WHERE user_id = ?', [user.id])).toEqual([]);
      expect((await a.sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = ?', [user.id]))[0].kyc_status).toBe('Unverified');
      expect(localFiles(a.config.uploadDir)).toEqual([]);
    } finally {
      await s3.restart();
    }
    await submit(user).expect(201);
  });
});
