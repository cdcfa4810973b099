import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KYC_UPLOADS_PER_USER } from '@mirrorline/kyc/testing';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Issue 11, "KYC upload memory amplification": 40 parallel 15 MB uploads by a user whose KYC was already
 * Pending took the process from 268 to 897 MB, each answered 409 only after buffering. Now the state is
 * checked before the body is read, uploads stream to disk, and uploads are rate-limited per user and capped
 * in flight.
 */
describe('security: KYC uploads cannot amplify memory', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * One multipart upload of `size` bytes per file, written from one shared buffer (the client holds ~size bytes):
   * the status, and the error's `code` when the answer has one (a 503 is KYC.BUSY or SERVICE_UNAVAILABLE).
   */
  function upload(user: TestUser, payload: Buffer): Promise<{ status: number; code?: string }> {
    const boundary = 'mirrorline-boundary';
    const part = (name: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`);
    const fields = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\npassport\r\n--${boundary}\r\nContent-Disposition: form-data; name="documentNumber"\r\n\r\nX123\r\n`,
    );
    return new Promise((resolve) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/user/requestKYC', headers: { Authorization: user.bearer, 'Content-Type': `multipart/form-data; boundary=${boundary}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            let code: string | undefined;
            try {
              code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
            } catch {
              code = undefined;
            }
            resolve({ status: res.statusCode ?? 0, code });
          });
        },
      );
      req.on('error', () => resolve({ status: -1 }));
      req.write(fields);
      for (const name of ['front', 'selfie']) {
        req.write(part(name));
        req.write(payload);
        req.write('\r\n');
      }
      req.end(`--${boundary}--\r\n`);
    });
  }

  it('40 parallel 15 MB uploads from a user whose KYC is Pending: all refused before reading, RSS stays flat', async () => {
    const user = await createUser(t, { kyc: 'Pending' });
    const payload = Buffer.concat([PNG_HEAD, Buffer.alloc(15 * 1024 * 1024, 1)]);
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const answers = await Promise.all(Array.from({ length: 40 }, () => upload(user, payload)));
    const statuses = answers.map((a) => a.status);
    clearInterval(sampler);
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(`KYC upload amplification: RSS ${Math.round(before / 1048576)} MB → peak ${Math.round(peak / 1048576)} MB (+${growthMb.toFixed(0)} MB) for 40 × 30 MB bodies; answers ${[...new Set(answers.map((a) => `${a.status} ${a.code ?? ''}`.trim()))].join(', ')}`);
    // Refused: 409 (Pending), 429 (per-user limit), 503 (in-flight cap), or the connection closed on the unread body.
    expect(statuses.every((s) => [409, 429, 503, -1].includes(s))).toBe(true);
    // a 503 is the in-flight cap, never the database taken for down (apps/api/src/database/database-monitor.ts)
    expect(answers.filter((a) => a.status === 503 && a.code !== 'KYC.BUSY')).toEqual([]);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThanOrEqual(1);
    expect(growthMb).toBeLessThan(150);
    expect(await t.sql('SELECT 1 FROM kyc_submissions WHERE user_id = ?', [user.id])).toHaveLength(0);
  });

  it(`a user may start ${KYC_UPLOADS_PER_USER} uploads per 15 minutes; the files go to disk and temporary files do not stay`, async () => {
    const user = await createUser(t, { kyc: 'Unverified' });
    const small = Buffer.concat([PNG_HEAD, Buffer.alloc(1024, 1)]);
    const first = await upload(user, small);
    expect(first).toEqual({ status: 201, code: undefined });
    // Now Pending: the next ones are refused (409) until the per-user limit answers 429.
    const rest: number[] = [];
    for (let i = 0; i < KYC_UPLOADS_PER_USER; i++) rest.push((await upload(user, small)).status);
    expect(rest.slice(0, KYC_UPLOADS_PER_USER - 1).every((s) => s === 409)).toBe(true);
    expect(rest[KYC_UPLOADS_PER_USER - 1]).toBe(429);
    const [submission] = await t.sql<{ files: Record<string, { size: number }> }>('SELECT files FROM kyc_submissions WHERE user_id = ?', [user.id]);
    expect(submission.files.front.size).toBe(small.length);
    const tmp = join(t.config.uploadDir, 'tmp');
    expect(readdirSync(tmp)).toEqual([]);
  });
});
