import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Row of `kyc_submissions` (AdminJS and MikroOrmKycSubmissionRepository). */
@Entity({ tableName: 'kyc_submissions' })
export class KycSubmissionEntity {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 32 })
  documentType!: string;

  @Property({ type: 'string', length: 64 })
  documentNumber!: string;

  @Property({ type: 'string', length: 16 })
  status!: string;

  @Property({ type: 'json' })
  files!: Record<string, { key: string; contentType: string; size: number }>;

  @Property({ type: 'uuid', nullable: true })
  reviewedBy!: string | null;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;
}
