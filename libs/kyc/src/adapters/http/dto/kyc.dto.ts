import { PageQueryDto } from '@mirrorline/shared/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { DOCUMENT_TYPES, EXTENSION_OF, KYC_FILE_NAMES, MAX_KYC_FILE_BYTES, type DocumentType, type KycFileName, type SubmissionStatus } from '../../../domain/kyc';

/** A document number: a letter or digit, then letters, digits, spaces, dots, slashes or dashes. */
export const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

export class RequestKycRequestDto {
  @ApiProperty({ enum: DOCUMENT_TYPES })
  @IsIn(DOCUMENT_TYPES)
  documentType!: DocumentType;

  @ApiProperty({ minLength: 3, maxLength: 64, pattern: DOCUMENT_NUMBER.source, example: 'X1234567' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(3, 64)
  @Matches(DOCUMENT_NUMBER, { message: 'documentNumber may contain only letters, digits, spaces, dots, slashes and dashes' })
  documentNumber!: string;
}

/** A file of the upload: its `maxLength` is the most bytes it may have (the interceptor's limit). */
const KYC_FILE = { type: 'string', format: 'binary', maxLength: MAX_KYC_FILE_BYTES, description: `JPEG, PNG or PDF, at most ${MAX_KYC_FILE_BYTES / 1024 / 1024} MB` } as const;

/** The content types each file of the upload may have (the multipart body's `encoding`), read by the SPA. */
export const KYC_FILE_ENCODING = Object.fromEntries(KYC_FILE_NAMES.map((name) => [name, { contentType: Object.keys(EXTENSION_OF).join(', ') }]));

/** Swagger shape of the multipart body (files are read by the interceptor, not the DTO). */
export class RequestKycMultipartSchema extends RequestKycRequestDto {
  @ApiProperty(KYC_FILE)
  front!: unknown;

  @ApiPropertyOptional(KYC_FILE)
  back?: unknown;

  @ApiProperty(KYC_FILE)
  selfie!: unknown;
}

export const SUBMISSION_STATUSES: SubmissionStatus[] = ['Pending', 'Verified', 'Rejected'];

export class KycListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SUBMISSION_STATUSES })
  @IsOptional()
  @IsIn(SUBMISSION_STATUSES)
  status?: SubmissionStatus;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  userId?: string;

}

export class KycFileParamsDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;

  @ApiProperty({ enum: KYC_FILE_NAMES })
  @IsIn(KYC_FILE_NAMES)
  name!: KycFileName;
}
