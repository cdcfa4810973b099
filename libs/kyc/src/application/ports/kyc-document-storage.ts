import type { Readable } from 'node:stream';

/** Where KYC documents are kept. Keys are random; documents are never served statically. */
export abstract class KycDocumentStorage {
  abstract save(bytes: Buffer): Promise<string>;
  /** Null when the key is unknown. */
  abstract open(key: string): Promise<Readable | null>;
  abstract remove(key: string): Promise<void>;
}
