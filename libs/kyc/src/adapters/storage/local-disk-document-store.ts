import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { DOCUMENT_KEY, newDocumentKey, TempUploadsDocumentStore } from './temp-uploads-document-store';

/**
 * DOCUMENT_STORE=local (the default): documents on local disk under UPLOAD_DIR/kyc with random names and no
 * extension, readable by the server's user only. Nothing serves this folder: documents go out only through the
 * admin route. Several replicas need one volume shared by all of them (compose's `uploads` before MinIO).
 */
@Injectable()
export class LocalDiskDocumentStore extends TempUploadsDocumentStore {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.dir = join(config.uploadDir, 'kyc');
  }

  async save(bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const key = newDocumentKey();
    await writeFile(join(this.dir, key), bytes, { mode: 0o600, flag: 'wx' });
    return key;
  }

  async adopt(tempPath: string): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const key = newDocumentKey();
    // The temporary folder lies under UPLOAD_DIR too: a rename, no copy.
    await rename(tempPath, join(this.dir, key));
    // multer creates the temporary file with the default mode: readable by the server's user only, as save() writes.
    await chmod(join(this.dir, key), 0o600);
    return key;
  }

  async open(key: string): Promise<Readable | null> {
    // Keys come from our own database, but never let one become a path traversal.
    if (!DOCUMENT_KEY.test(key)) return null;
    const path = join(this.dir, key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    if (DOCUMENT_KEY.test(key)) await rm(join(this.dir, key), { force: true });
  }
}
