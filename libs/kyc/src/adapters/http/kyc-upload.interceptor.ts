import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CallHandler, ExecutionContext, HttpException, Inject, Injectable, NestInterceptor, type Type } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { finalize, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig, DomainError, storageUnavailableReason } from '@mirrorline/shared';
import { MAX_KYC_FILE_BYTES } from '../../domain/kyc';
import { RequestKycUseCase } from '../../application/use-cases/request-kyc/request-kyc.use-case';

/** Uploads one user may start per window (a real user needs one or two). */
export const KYC_UPLOADS_PER_USER = 5;
export const KYC_UPLOAD_WINDOW_MS = 15 * 60 * 1000;
/** Uploads being received at once on this instance, all users together. */
export const KYC_UPLOADS_IN_FLIGHT = 8;

/**
 * Multipart parsing for the KYC upload, in this order (issue 11, memory amplification):
 * 1. a global cap on uploads in flight (503 + Retry-After) and a per-user rate limit (429);
 * 2. the user's KYC state, before a byte of the body is read (409 when Pending or Verified);
 * 3. the files streamed to disk under UPLOAD_DIR/tmp (never buffered in memory), 5 MB each at most.
 * Nest maps multer's limit errors to 400/413; anything else the parser throws becomes a 400.
 */
@Injectable()
export class KycUploadInterceptor implements NestInterceptor {
  private readonly inner: NestInterceptor;
  private inFlight = 0;
  private readonly recent = new Map<string, number[]>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly requestKyc: RequestKycUseCase,
  ) {
    const tmp = join(config.uploadDir, 'tmp');
    const Inner: Type<NestInterceptor> = FileFieldsInterceptor(
      [
        { name: 'front', maxCount: 1 },
        { name: 'back', maxCount: 1 },
        { name: 'selfie', maxCount: 1 },
      ],
      {
        storage: diskStorage({
          destination: (_req, _file, done) => {
            // Thrown here, an unusable UPLOAD_DIR would escape the parser's event handler and end the process:
            // handed to multer, it fails this upload only (503 STORAGE_UNAVAILABLE, see the HTTP filter).
            try {
              mkdirSync(tmp, { recursive: true, mode: 0o700 });
            } catch (error) {
              return done(error as Error, tmp);
            }
            done(null, tmp);
          },
          filename: (_req, _file, done) => done(null, randomBytes(16).toString('hex')),
        }),
        // Tight limits: three files of 5 MB and two short text fields, nothing else.
        limits: { fileSize: MAX_KYC_FILE_BYTES, files: 3, fields: 4, fieldSize: 1024, parts: 8, headerPairs: 50 },
      },
    );
    this.inner = new Inner();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const userId = context.switchToHttp().getRequest<{ user?: { userId: string } }>().user?.userId ?? '';
    if (this.inFlight >= KYC_UPLOADS_IN_FLIGHT) {
      throw new DomainError('KYC.BUSY', 'Too many document uploads are in progress; please retry shortly', 'service_unavailable', { retryAfterSeconds: 5 });
    }
    const now = Date.now();
    const recent = (this.recent.get(userId) ?? []).filter((at) => at > now - KYC_UPLOAD_WINDOW_MS);
    if (recent.length >= KYC_UPLOADS_PER_USER) {
      throw new DomainError('KYC.TOO_MANY_UPLOADS', 'Too many document uploads; try again later', 'too_many_requests', {
        retryAfterSeconds: Math.ceil((recent[0] + KYC_UPLOAD_WINDOW_MS - now) / 1000),
      });
    }
    this.recent.set(userId, [...recent, now]);
    this.inFlight++;
    let released = false;
    const release = () => {
      if (!released) this.inFlight--;
      released = true;
    };
    try {
      await this.requestKyc.assertCanStart(userId);
      const handled = await this.inner.intercept(context, next);
      return (handled as Observable<unknown>).pipe(finalize(release));
    } catch (error) {
      release();
      if (error instanceof HttpException || error instanceof DomainError || storageUnavailableReason(error)) throw error;
      throw new DomainError('KYC.BAD_UPLOAD', 'The upload could not be read as multipart/form-data', 'validation');
    }
  }
}
