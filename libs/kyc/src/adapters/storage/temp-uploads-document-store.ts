import { randomBytes } from 'node:crypto';
import { open as openFile, rm } from 'node:fs/promises';
import { DocumentStore } from '../../application/ports/document-store';

/** A document's key: 32 random hex digits (a file name on disk, an object name in a bucket). */
export const DOCUMENT_KEY = /^[a-f0-9]{32}$/;
export const newDocumentKey = (): string => randomBytes(16).toString('hex');

/**
 * What every store does the same way: temporary uploads are multer's files under UPLOAD_DIR/tmp on this host,
 * whatever the store keeps the documents in.
 */
export abstract class TempUploadsDocumentStore extends DocumentStore {
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
}
