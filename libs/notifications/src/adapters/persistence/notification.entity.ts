import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Row of `notifications` (schema: Migration20261123000610Notifications). The inbox reads and marks
 * through this entity; the writes stay set-based SQL (SqlNotifications: one INSERT … SELECT per fan-out).
 */
@Entity({ tableName: 'notifications' })
export class NotificationEntity {
  /** bigint identity, kept as a string (ids pass 2^53 long before anyone reads them as numbers) */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 32 })
  type!: string;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'json', nullable: true })
  data!: Record<string, unknown> | null;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}
