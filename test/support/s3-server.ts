import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** s3rver's one account (its fixed key pair): what the API's S3 client signs with in the specs. */
export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  /** The settings that point the API's document store at this server (bucket `bucket`, created on first use). */
  env(bucket?: string): Record<string, string>;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (after stop(): the store was down). */
  restart(): Promise<void>;
}

/**
 * An S3-protocol server for the specs: s3rver (npm), in a process of its own on a loopback port, objects in a
 * temporary folder. It speaks what the S3 document store sends with AWS SDK v3 (HeadBucket, CreateBucket,
 * PutObject, GetObject, DeleteObject; signature v4, path-style), as MinIO or AWS S3 do in production.
 * The SDK reads the credentials from the environment, as in production: S3_TEST_CREDENTIALS are set on this process.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'mirrorline-s3-'));
  Object.assign(process.env, S3_TEST_CREDENTIALS);
  let child: ChildProcess | null = null;
  const start = async () => {
    const script = `
      const S3rver = require('s3rver');
      new S3rver({ address: '127.0.0.1', port: ${port}, silent: true, directory: ${JSON.stringify(directory)} })
        .run()
        .then(() => process.stdout.write('listening\\n'), (error) => { process.stderr.write(String(error) + '\\n'); process.exit(1); });
      process.on('SIGTERM', () => process.exit(0));`;
    const started = spawn(process.execPath, ['-e', script], { cwd: join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let err = '';
      started.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
      started.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      started.once('exit', (code) => reject(new Error(`s3rver did not start (exit ${code}): ${err}`)));
    });
    child = started;
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (bucket = 'mirrorline-kyc-test') => ({ DOCUMENT_STORE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1' }),
    stop,
    restart: start,
  };
}
