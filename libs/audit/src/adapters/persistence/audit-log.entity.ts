import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Row of `audit_log` (append-only: UPDATE/DELETE refused by trigger). Mapped for AdminJS and reads. */
@Entity({ tableName: 'audit_log' })
export class AuditLogEntity {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'uuid', nullable: true })
  actorId!: string | null;

  @Property({ type: 'string', length: 64 })
  action!: string;

  @Property({ type: 'string', length: 32 })
  targetType!: string;

  @Property({ type: 'string', length: 128, nullable: true })
  targetId!: string | null;

  @Property({ type: 'json', nullable: true })
  before!: unknown;

  @Property({ type: 'json', nullable: true })
  after!: unknown;

  @Property({ type: 'string', length: 64, nullable: true })
  ip!: string | null;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}
