import { randomBytes } from 'node:crypto';
import { open as openFile, rm } from 'node:fs/promises';

/** A document's key: 32 random hex digits (a file name on disk, an object name in a bucket). */
export const DOCUMENT_KEY = /^[a-f0-9]{32}$/;
export const newDocumentKey = (): string => randomBytes(16).toString('hex');

/** The first `bytes` bytes of a temporary upload (multer's file under UPLOAD_DIR/tmp, whatever the store). */
export async function readHead(tempPath: string, bytes: number): Promise<Buffer> {
  const handle = await openFile(tempPath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function discardTemp(tempPath: string): Promise<void> {
  await rm(tempPath, { force: true });
}
