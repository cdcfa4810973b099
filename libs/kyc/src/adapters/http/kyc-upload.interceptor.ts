import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import type { Observable } from 'rxjs';
import { DomainError } from '@mirrorline/shared';
import { MAX_KYC_FILE_BYTES } from '../../domain/kyc';

const Inner = FileFieldsInterceptor(
  [
    { name: 'front', maxCount: 1 },
    { name: 'back', maxCount: 1 },
    { name: 'selfie', maxCount: 1 },
  ],
  {
    storage: memoryStorage(),
    // Tight limits: three files of 5 MB and two short text fields, nothing else.
    limits: { fileSize: MAX_KYC_FILE_BYTES, files: 3, fields: 4, fieldSize: 1024, parts: 8, headerPairs: 50 },
  },
);

/**
 * Multipart parsing for the KYC upload. Nest maps multer's limit errors to 400/413; anything else
 * the parser throws (a broken body) becomes a 400 here instead of a 500.
 */
@Injectable()
export class KycUploadInterceptor implements NestInterceptor {
  private readonly inner = new Inner();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.inner.intercept(context, next);
    } catch (error) {
      if (error instanceof HttpException || error instanceof DomainError) throw error;
      throw new DomainError('KYC.BAD_UPLOAD', 'The upload could not be read as multipart/form-data', 'validation');
    }
  }
}
