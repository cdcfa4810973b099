import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Row of `refresh_tokens` (schema: Migration20261123000300Auth; stored by sha256 only, one family per session). */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'uuid' })
  familyId!: string;

  @Property({ type: 'string', columnType: 'char(64)' })
  tokenHash!: string;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
