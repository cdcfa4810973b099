import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { OtpPurpose } from '../../domain/one-time-code';

/** Row of `one_time_codes` (schema: Migration20261123000300Auth; one live code per user and purpose). */
@Entity({ tableName: 'one_time_codes' })
export class OneTimeCodeEntity {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 32 })
  purpose!: OtpPurpose;

  @Property({ type: 'string', columnType: 'char(64)' })
  codeHash!: string;

  @Property({ type: 'integer', default: 0 })
  attempts!: number;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
