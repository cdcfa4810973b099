import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { RECORD_PAGE_DEFAULT, RECORD_PAGE_MAX } from '../../../application/use-cases/read-trader-record/read-trader-record.use-case';

export class TraderRecordQueryDto {
  @ApiPropertyOptional({ default: 0, description: 'the links after this seq (0: from the first)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  after?: number;

  @ApiPropertyOptional({ default: RECORD_PAGE_DEFAULT, minimum: 1, maximum: RECORD_PAGE_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(RECORD_PAGE_MAX)
  limit?: number;
}

export class RecordFieldsDto {
  @ApiProperty({ example: '1234' }) tradeId!: string;
  @ApiProperty({ example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty({ example: '20', description: 'decimal string' }) allocationPct!: string;
  @ApiProperty({ example: '64250.5' }) entryPrice!: string;
  @ApiProperty({ example: '65010' }) exitPrice!: string;
  @ApiProperty({ example: '2026-11-27T10:00:00.000Z' }) openedAt!: string;
  @ApiProperty({ example: '2026-11-27T14:30:00.000Z' }) closedAt!: string;
  @ApiProperty({ example: '1.1820', description: 'decimal string, 4 places' }) pnlPct!: string;
  @ApiProperty({ example: 'manual', description: 'manual | stop_loss | take_profit' }) closeReason!: string;
}

export class RecordLinkDto {
  @ApiProperty({ example: 1, description: 'from 1, in the order the trades closed' }) seq!: number;
  @ApiProperty({ type: RecordFieldsDto, description: 'exactly the object that was hashed' }) fields!: RecordFieldsDto;
  @ApiProperty({ example: 'a3f1…', description: 'sha256_hex(previous hash + canonical JSON of fields); the first link follows 64 zeros' })
  hash!: string;
}

export class RecordPageDto {
  @ApiProperty({ type: [RecordLinkDto] }) items!: RecordLinkDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'the `after` of the next page; null at the end' }) nextAfter!: number | null;
}

export class RecordHeadDto {
  @ApiProperty({ example: '2026-11-27', description: 'UTC day' }) date!: string;
  @ApiProperty({ example: 42, description: 'the last link of that day' }) seq!: number;
  @ApiProperty({ description: 'the hash of that link: the head at the end of the day' }) hash!: string;
  @ApiProperty({ description: 'false only for today, whose head moves with each close until the day ends' }) final!: boolean;
}

export class RecordHeadsDto {
  @ApiProperty({ type: [RecordHeadDto] }) items!: RecordHeadDto[];
}
