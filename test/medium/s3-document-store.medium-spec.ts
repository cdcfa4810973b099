import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { storageUnavailableReason } from '@mirrorline/shared';
import { S3DocumentStore } from '../../libs/kyc/src/adapters/storage/s3-document-store';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from '../support/s3-server';

const bytesOf = async (stream: Readable | null): Promise<Buffer> => {
  if (!stream) throw new Error('no document');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The S3 document store (DOCUMENT_STORE=s3) against a real S3-protocol server (s3rver, started by the spec): what
 * AWS SDK v3 sends must be what the server answers, and two replicas (two stores) see the same documents.
 */
describe('S3 document store against an S3-protocol server', () => {
  let s3: S3TestServer;
  const stores: S3DocumentStore[] = [];
  const storeFor = (bucket: string) => {
    const store = new S3DocumentStore({ kind: 's3', bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
    stores.push(store);
    return store;
  };
  const tempFile = (bytes: Buffer) => {
    const path = join(mkdtempSync(join(tmpdir(), 'mirrorline-upload-')), randomBytes(16).toString('hex'));
    writeFileSync(path, bytes);
    return path;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const store of stores) store.onModuleDestroy();
    await s3.stop();
  });

  it('creates its bucket on first use, stores under a random key and streams the same bytes back on another replica', async () => {
    const bucket = `kyc-${randomBytes(4).toString('hex')}`;
    const probe = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY } });
    await expect(probe.send(new HeadBucketCommand({ Bucket: bucket }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    const replicaA = storeFor(bucket);
    const replicaB = storeFor(bucket);
    const document = randomBytes(1000);
    const key = await replicaA.save(document);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await probe.send(new HeadBucketCommand({ Bucket: bucket }));
    probe.destroy();
    expect(await bytesOf(await replicaB.open(key))).toEqual(document);
    await replicaB.remove(key);
    expect(await replicaA.open(key)).toBeNull();
    await replicaA.remove(key); // already gone: no error
  });

  it('adopts a temporary upload by streaming it to the bucket (5 MB intact) and deletes the temporary file', async () => {
    const store = storeFor('kyc-adopt');
    const upload = randomBytes(5 * 1024 * 1024);
    const path = tempFile(upload);
    expect(await store.head(path, 16)).toEqual(upload.subarray(0, 16));
    const key = await store.adopt(path);
    expect(existsSync(path)).toBe(false);
    expect(sha256(await bytesOf(await store.open(key)))).toBe(sha256(upload));
    const refused = tempFile(Buffer.from('refused'));
    await store.discard(refused);
    expect(existsSync(refused)).toBe(false);
  });

  it('answers null for an unknown key and never sends a malformed one', async () => {
    const store = storeFor('kyc-unknown');
    await store.save(Buffer.from('something')); // the bucket exists
    expect(await store.open(randomBytes(16).toString('hex'))).toBeNull();
    expect(await store.open('../../etc/passwd')).toBeNull();
    await expect(store.remove('not-a-key')).resolves.toBeUndefined();
  });

  it('fails as a storage failure (503 STORAGE_UNAVAILABLE at the edge) while the server is down, and works again once it is back', async () => {
    const store = storeFor('kyc-outage');
    const key = await store.save(Buffer.from('before the outage'));
    await s3.stop();
    try {
      const saved = store.save(Buffer.from('during the outage')).then(() => null, (error: unknown) => error);
      const opened = store.open(key).then(() => null, (error: unknown) => error);
      for (const [error, operation] of [
        [await saved, 'PutObject'],
        [await opened, 'GetObject'],
      ] as const) {
        expect(storageUnavailableReason(error)).toBe('input/output error');
        expect((error as Error).message).toContain(`S3 ${operation} on bucket kyc-outage failed`);
        expect((error as Error).message).not.toContain(S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY);
      }
    } finally {
      await s3.restart();
    }
    expect(await bytesOf(await store.open(key))).toEqual(Buffer.from('before the outage'));
    expect(await store.open(await store.save(Buffer.from('after')))).not.toBeNull();
  });
});
