import { AMOUNT_PATTERN } from '@mirrorline/shared';
import { IsPlainText, PageQueryDto } from '@mirrorline/shared/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { MAX_DESTINATION_LENGTH } from '../../../domain/amount';
import { WALLET_TRANSACTION_STATUSES, WALLET_TRANSACTION_TYPES, type WalletTransactionStatus, type WalletTransactionType } from '../../../domain/wallet-transaction';
import { IsAmount } from './amount.validator';

/** PostgreSQL text cannot hold U+0000 (SQLSTATE 22021 → a 500): refused here as a 400 instead. */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
const NO_NUL = /^[^\u0000]*$/;

export class DepositRequestDto {
  @ApiProperty({ type: String, example: '250.00', pattern: AMOUNT_PATTERN.source, description: 'USD, a decimal string with at most 2 decimals' })
  @IsAmount()
  amount!: string;
}

export class WithdrawRequestDto {
  @ApiProperty({ type: String, example: '100.00', pattern: AMOUNT_PATTERN.source, description: 'USD, a decimal string with at most 2 decimals' })
  @IsAmount()
  amount!: string;

  @ApiProperty({ type: String, maxLength: MAX_DESTINATION_LENGTH, example: 'DE89 3704 0044 0532 0130 00' })
  @IsString({ message: 'destination must be a string' })
  @MinLength(1, { message: 'destination must not be empty' })
  @MaxLength(MAX_DESTINATION_LENGTH, { message: `destination must be at most ${MAX_DESTINATION_LENGTH} characters` })
  @Matches(/\S/, { message: 'destination must not be blank' })
  @Matches(NO_NUL, { message: 'destination must not contain NUL characters' })
  @IsPlainText()
  destination!: string;
}

export class MatchTransferRequestDto {
  @ApiProperty({ type: String, example: 'ML-7KQ2-9XF4', description: 'the reference on the incoming transfer (spaces, dashes and letter case ignored)' })
  @IsString({ message: 'reference must be a string' })
  @MinLength(1, { message: 'reference must not be empty' })
  @MaxLength(32, { message: 'reference must be at most 32 characters' })
  @Matches(/^[A-Za-z0-9 -]+$/, { message: 'reference may hold letters, digits, spaces and dashes only' })
  reference!: string;

  @ApiProperty({ type: String, example: '250.00', pattern: AMOUNT_PATTERN.source, description: 'USD received, a decimal string with at most 2 decimals' })
  @IsAmount()
  amount!: string;

  @ApiProperty({ type: String, maxLength: 100, example: 'BNK-20261128-000123', description: 'the bank\'s own id of the transfer: a transfer is credited once' })
  @IsString({ message: 'bankTxId must be a string' })
  @MaxLength(100, { message: 'bankTxId must be at most 100 characters' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, { message: 'bankTxId must start with a letter or digit and hold letters, digits and . _ : / - only' })
  bankTxId!: string;
}

export class DecisionRequestDto {
  @ApiPropertyOptional({ type: String, maxLength: 500, description: 'reason shown to the user (e.g. why a request was rejected)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(NO_NUL, { message: 'note must not contain NUL characters' })
  @IsPlainText()
  note?: string;
}

export class AdminTransactionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: WALLET_TRANSACTION_STATUSES })
  @IsOptional()
  @IsIn(WALLET_TRANSACTION_STATUSES)
  status?: WalletTransactionStatus;

  @ApiPropertyOptional({ enum: WALLET_TRANSACTION_TYPES })
  @IsOptional()
  @IsIn(WALLET_TRANSACTION_TYPES)
  type?: WalletTransactionType;

  @ApiPropertyOptional({ type: String, format: 'uuid' })
  @IsOptional()
  @IsUUID()
  userId?: string;
}

export class WalletsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: String, description: 'part of an email or username' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(NO_NUL, { message: 'search must not contain NUL characters' })
  search?: string;
}

export class WithdrawalAddressRequestDto {
  @ApiProperty({ type: String, minLength: 1, maxLength: 64, example: 'My bank' })
  @IsString({ message: 'label must be a string' })
  @MinLength(1, { message: 'label must not be empty' })
  @MaxLength(64, { message: 'label must be at most 64 characters' })
  @Matches(/\S/, { message: 'label must not be blank' })
  @Matches(NO_NUL, { message: 'label must not contain NUL characters' })
  label!: string;

  @ApiProperty({ type: String, maxLength: MAX_DESTINATION_LENGTH, example: 'DE89 3704 0044 0532 0130 00' })
  @IsString({ message: 'destination must be a string' })
  @MinLength(1, { message: 'destination must not be empty' })
  @MaxLength(MAX_DESTINATION_LENGTH, { message: `destination must be at most ${MAX_DESTINATION_LENGTH} characters` })
  @Matches(/\S/, { message: 'destination must not be blank' })
  @Matches(NO_NUL, { message: 'destination must not contain NUL characters' })
  destination!: string;
}
