import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { DocumentStoreConfig } from '@mirrorline/shared';
import { DOCUMENT_KEY, newDocumentKey, TempUploadsDocumentStore } from './temp-uploads-document-store';

export type S3DocumentStoreConfig = Extract<DocumentStoreConfig, { kind: 's3' }>;

/** Object names in the bucket: the key under `kyc/` (the same key a local store uses as its file name). */
const objectName = (key: string) => `kyc/${key}`;

/**
 * Bounds on one call to the bucket: a store that does not answer fails the request (503) instead of holding it
 * (product.md §11.5). An upload streams at most 5 MB, well within the request timeout.
 */
const CONNECT_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The store's failure as the HTTP edge knows a storage failure (storageUnavailableReason: an I/O error with its
 * "syscall"): 503 STORAGE_UNAVAILABLE with Retry-After, and a log line naming the bucket and the operation. The
 * SDK's message names neither the credentials nor the document.
 */
function unavailable(operation: string, bucket: string, error: unknown): Error {
  const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(`S3 ${operation} on bucket ${bucket} failed: ${reason}`), { code: 'EIO', syscall: `s3:${operation}` });
}

const log = new Logger('S3DocumentStore');
/** The SDK logs objects as often as strings: a line that says something ("[object Object]" said nothing). */
const sdkLine = (message: unknown): string =>
  typeof message === 'string' ? message : message instanceof Error ? `${message.name}: ${message.message}` : (JSON.stringify(message) ?? String(message)).slice(0, 500);
const sdkLogger = { debug: () => undefined, info: () => undefined, warn: (message: unknown) => log.debug(sdkLine(message)), error: (message: unknown) => log.debug(sdkLine(message)) };

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * DOCUMENT_STORE=s3: documents in an S3 bucket (AWS S3, MinIO, any S3-protocol server), so that a document uploaded
 * through one replica is there for an admin served by another, on another host. Private objects: nothing is ever
 * served from the bucket to a browser; the admin route streams each one through the API (and audits the view).
 * The bucket is created on first use when it does not exist (compose's MinIO starts empty).
 */
@Injectable()
export class S3DocumentStore extends TempUploadsDocumentStore implements OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;
  private bucketReady: Promise<void> | null = null;

  constructor(private readonly config: S3DocumentStoreConfig) {
    super();
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Plain payloads with a Content-Length, which every S3-protocol server accepts (not the SDK's default
      // aws-chunked CRC trailers); TLS (https endpoint) protects the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // The SDK's own remarks at debug level: a failed call is logged once, by the HTTP edge's 503 line (bucket, operation).
      logger: sdkLogger,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  async save(bytes: Buffer): Promise<string> {
    const key = newDocumentKey();
    await this.put(key, bytes, bytes.length);
    return key;
  }

  async adopt(tempPath: string): Promise<string> {
    const key = newDocumentKey();
    const { size } = await stat(tempPath);
    await this.put(key, createReadStream(tempPath), size);
    await this.discard(tempPath);
    return key;
  }

  async open(key: string): Promise<Readable | null> {
    if (!DOCUMENT_KEY.test(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectName(key) }));
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable('GetObject', this.bucket, error);
    }
  }

  async remove(key: string): Promise<void> {
    if (!DOCUMENT_KEY.test(key)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectName(key) }));
    } catch (error) {
      if (!isNotFound(error)) throw unavailable('DeleteObject', this.bucket, error);
    }
  }

  private async put(key: string, body: Buffer | Readable, length: number): Promise<void> {
    await this.ensureBucket();
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: objectName(key), Body: body, ContentLength: length, ContentType: 'application/octet-stream' }),
      );
    } catch (error) {
      throw unavailable('PutObject', this.bucket, error);
    } finally {
      if (!Buffer.isBuffer(body)) body.destroy();
    }
  }

  /** Once per process (again after a failure): the bucket exists, or is created. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw unavailable('HeadBucket', this.bucket, error);
        try {
          const outsideUsEast1 = this.config.region !== 'us-east-1';
          await this.client.send(
            new CreateBucketCommand({ Bucket: this.bucket, ...(outsideUsEast1 ? { CreateBucketConfiguration: { LocationConstraint: this.config.region as never } } : {}) }),
          );
        } catch (createError) {
          // Another replica created it meanwhile.
          if (!(createError instanceof S3ServiceException && ['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(createError.name))) {
            throw unavailable('CreateBucket', this.bucket, createError);
          }
        }
      }
    })().catch((error: unknown) => {
      this.bucketReady = null;
      throw error;
    });
    return this.bucketReady;
  }
}
