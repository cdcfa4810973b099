import { PageQueryDto } from '@mirrorline/shared/nest';
import { ApiPropertyOptional } from '@nestjs/swagger';

import { IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

/** PostgreSQL text cannot hold U+0000 (SQLSTATE 22021 → a 500): refused here as a 400 instead. */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
const NO_NUL = /^[^\u0000]*$/;

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
  @Matches(NO_NUL, { message: 'targetId must not contain NUL characters' })
  targetId?: string;
}
