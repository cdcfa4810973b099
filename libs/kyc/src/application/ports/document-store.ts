import type { Readable } from 'node:stream';

/** Where KYC documents are kept. Keys are random; documents are never served statically. */
export abstract class KycDocumentStorage {
  abstract save(bytes: Buffer): Promise<string>;
  /** Takes an upload the HTTP adapter streamed to a temporary file (moved, never read into memory); returns its key. */
  abstract adopt(tempPath: string): Promise<string>;
  /** The first bytes of a temporary upload (its content type is decided from them). */
  abstract head(tempPath: string, bytes: number): Promise<Buffer>;
  /** Deletes a temporary upload that was not adopted. */
  abstract discard(tempPath: string): Promise<void>;
  /** Null when the key is unknown. */
  abstract open(key: string): Promise<Readable | null>;
  abstract remove(key: string): Promise<void>;
}
