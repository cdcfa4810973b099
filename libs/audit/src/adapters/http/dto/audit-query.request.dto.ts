import { PageQueryDto } from '@mirrorline/shared';
import { ApiPropertyOptional } from '@nestjs/swagger';

import { IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

export class AuditQueryRequestDto extends PageQueryDto {

  @ApiPropertyOptional({ example: 'user.block' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[a-z0-9_.]+$/)
  action?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  actorId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(128)
  targetId?: string;
}
