import { EMAIL_PATTERN, IsAccountEmail, IsPlainText, PageQueryDto } from '@mirrorline/shared/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { KYC_STATUSES, ROLES, type KycStatus, type Role } from '@mirrorline/accounts';
import { APPROVAL_STATUSES, type ApprovalStatus } from '../../../domain/approval-request';

/** PostgreSQL text cannot hold U+0000 (SQLSTATE 22021 → a 500): refused here as a 400 instead. */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
const NO_NUL = /^[^\u0000]*$/;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ListUsersQueryDto extends PageQueryDto {

  @ApiPropertyOptional({ description: 'part of a username or email, case-insensitive', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(NO_NUL, { message: 'search must not contain NUL characters' })
  search?: string;
}

export class CreateUserRequestDto {
  @ApiProperty({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' })
  @Transform(trim)
  @IsString()
  @MinLength(3)
  @MaxLength(32)
  @Matches(/^[A-Za-z0-9_.-]+$/, { message: 'username may contain only letters, digits, dot, dash and underscore' })
  username!: string;

  @ApiProperty({ minLength: 1, maxLength: 64 })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(NO_NUL, { message: 'firstname must not contain NUL characters' })
  @IsPlainText()
  firstname!: string;

  @ApiProperty({ minLength: 1, maxLength: 64 })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(NO_NUL, { message: 'lastname must not contain NUL characters' })
  @IsPlainText()
  lastname!: string;

  @ApiProperty({ format: 'email', maxLength: 254, pattern: EMAIL_PATTERN.source })
  @IsString()
  @MaxLength(254)
  @IsAccountEmail()
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsString()
  @MinLength(8)
  @MaxLength(128)
  password!: string;

  @ApiPropertyOptional({ enum: ROLES, isArray: true, description: 'User is always added; Admin is asked of another admin (four eyes): the user is created without it meanwhile' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(ROLES, { each: true })
  roles?: Role[];
}

export class BlockUserRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  userId!: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  blocked?: boolean;
}

export class DeleteUserRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  userId!: string;

  @ApiPropertyOptional({ description: 'required when deleting your own account' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  password?: string;
}

export class UpdateUserRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  userId!: string;

  @ApiPropertyOptional({ example: '1250.50', description: 'the new cash balance: asked as an adjustment of the difference, which another admin approves (four eyes)' })
  @IsOptional()
  @IsString()
  @Matches(/^(0|[1-9]\d{0,7})(\.\d{1,2})?$/, { message: 'balance must be a decimal string with at most 2 decimals (up to 99999999.99)' })
  balance?: string;

  @ApiPropertyOptional({ enum: ROLES, isArray: true, description: 'the roles (User is always kept); adding Admin is asked of another admin (four eyes)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(ROLES, { each: true })
  roles?: Role[];

  @ApiPropertyOptional({ enum: KYC_STATUSES })
  @IsOptional()
  @IsIn(KYC_STATUSES)
  KYC?: KycStatus;
}

export class ApprovalsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: APPROVAL_STATUSES, description: 'default: pending' })
  @IsOptional()
  @IsIn(APPROVAL_STATUSES)
  status?: ApprovalStatus;
}

export class BalanceAdjustmentRequestDto {
  @ApiProperty({
    example: '-25.50',
    pattern: '^[+-]?(0|[1-9]\\d{0,7})(\\.\\d{1,2})?$',
    description: 'signed USD with up to 2 decimals: + credits the cash, − debits it (never below zero); not 0',
  })
  @IsString()
  @Matches(/^[+-]?(0|[1-9]\d{0,7})(\.\d{1,2})?$/, { message: 'amount must be a signed decimal with at most 2 decimals (e.g. 25.00 or -10.50)' })
  amount!: string;

  @ApiProperty({ minLength: 3, maxLength: 200, example: 'Refund of a duplicated fee', description: 'why; kept in the audit log and the ledger' })
  @Transform(trim)
  @IsString()
  @MinLength(3, { message: 'reason is required (at least 3 characters)' })
  @MaxLength(200)
  @Matches(NO_NUL, { message: 'reason must not contain NUL characters' })
  @IsPlainText()
  reason!: string;
}

export class ImpersonateRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  userId!: string;
}
