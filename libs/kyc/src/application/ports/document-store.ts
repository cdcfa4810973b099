import type { Readable } from 'node:stream';

/**
 * Where KYC documents are kept (docs/deploy.md, "Documents"): local disk under UPLOAD_DIR/kyc, or an S3 bucket that
 * every replica reaches. Keys are random (32 hex digits, the same in both stores); documents are never served
 * statically: admins read them through the guarded, audited API route, streamed. An unusable store (disk or
 * bucket) fails with an error the HTTP edge answers 503 STORAGE_UNAVAILABLE with Retry-After.
 */
export abstract class DocumentStore {
  abstract save(bytes: Buffer): Promise<string>;
  /** Takes an upload the HTTP adapter streamed to a temporary file (streamed on, never read into memory; the file is gone after); returns its key. */
  abstract adopt(tempPath: string): Promise<string>;
  /** The first bytes of a temporary upload (its content type is decided from them). */
  abstract head(tempPath: string, bytes: number): Promise<Buffer>;
  /** Deletes a temporary upload that was not adopted. */
  abstract discard(tempPath: string): Promise<void>;
  /** Null when the key is unknown. */
  abstract open(key: string): Promise<Readable | null>;
  abstract remove(key: string): Promise<void>;
}
