import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open as openFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { KycDocumentStorage } from '../../application/ports/kyc-document-storage';

const KEY = /^[a-f0-9]{32}$/;

/**
 * Documents on local disk under UPLOAD_DIR/kyc with random names and no extension, readable by the
 * server's user only. Nothing serves this folder: documents go out only through the admin route.
 */
@Injectable()
export class LocalDiskKycDocumentStorage extends KycDocumentStorage {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.dir = join(config.uploadDir, 'kyc');
  }

  async save(bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const key = randomBytes(16).toString('hex');
    await writeFile(join(this.dir, key), bytes, { mode: 0o600, flag: 'wx' });
    return key;
  }

  async adopt(tempPath: string): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const key = randomBytes(16).toString('hex');
    // The temporary folder lies under UPLOAD_DIR too: a rename, no copy.
    await rename(tempPath, join(this.dir, key));
    // multer creates the temporary file with the default mode: readable by the server's user only, as save() writes.
    await chmod(join(this.dir, key), 0o600);
    return key;
  }

  async head(tempPath: string, bytes: number): Promise<Buffer> {
    const handle = await openFile(tempPath, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async open(key: string): Promise<Readable | null> {
    // Keys come from our own database, but never let one become a path traversal.
    if (!KEY.test(key)) return null;
    const path = join(this.dir, key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    if (KEY.test(key)) await rm(join(this.dir, key), { force: true });
  }
}
