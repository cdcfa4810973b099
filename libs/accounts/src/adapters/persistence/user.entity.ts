import { ArrayType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { KycStatus, Role } from '../../domain/roles';

/** Row of `users` (schema in apps/api/src/database/migrations). Money is not here: it lives in the ledger. */
@Entity({ tableName: 'users' })
export class UserEntity {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'string', length: 254 })
  @Index({ name: 'users_email_unique' })
  email!: string;

  @Property({ type: 'string', length: 32 })
  username!: string;

  @Property({ type: 'string', length: 64 })
  firstname!: string;

  @Property({ type: 'string', length: 64 })
  lastname!: string;

  /** argon2id hash; never serialised. */
  @Property({ type: 'text', hidden: true, lazy: false })
  passwordHash!: string;

  @Property({ type: ArrayType, columnType: 'text[]' })
  roles: Role[] = ['User'];

  @Property({ type: 'boolean' })
  emailVerified = false;

  @Property({ type: 'string', length: 16 })
  kycStatus: KycStatus = 'Unverified';

  @Property({ type: 'boolean' })
  blocked = false;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  deletedAt?: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
