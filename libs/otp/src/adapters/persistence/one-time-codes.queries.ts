import { sql, type Sql } from '@mirrorline/shared';
import type { OtpPurpose } from '../../domain/one-time-code';

/** The one statement of one-time codes outside MikroORM (MikroOrmOneTimeCodeRepository runs it). */
export const oneTimeCodesQueries = {
  /** Serialises issuing codes of one user and purpose until the transaction ends (released at commit). */
  lockIssuing(userId: string, purpose: OtpPurpose): Sql<never> {
    return sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${userId}:${purpose}`}))`;
  },
};
