import { PageQueryDto } from '@mirrorline/shared/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { DOCUMENT_TYPES, KYC_FILE_NAMES, type DocumentType, type KycFileName, type SubmissionStatus } from '../../../domain/kyc';

export class RequestKycRequestDto {
  @ApiProperty({ enum: DOCUMENT_TYPES })
  @IsIn(DOCUMENT_TYPES)
  documentType!: DocumentType;

  @ApiProperty({ minLength: 3, maxLength: 64, example: 'X1234567' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(3, 64)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, { message: 'documentNumber may contain only letters, digits, spaces, dots, slashes and dashes' })
  documentNumber!: string;
}

/** Swagger shape of the multipart body (files are read by the interceptor, not the DTO). */
export class RequestKycMultipartSchema extends RequestKycRequestDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG or PDF, at most 5 MB' })
  front!: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'JPEG, PNG or PDF, at most 5 MB' })
  back?: unknown;

  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG or PDF, at most 5 MB' })
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
