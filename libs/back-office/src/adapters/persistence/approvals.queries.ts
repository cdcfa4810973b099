import { sql, type Sql } from '@mirrorline/shared';

/** Named builders over `admin_approval_requests` (EXPLAINed by test/medium/named-queries.medium-spec.ts). */
export const approvalsQueries = {
  pendingCount(): Sql<{ n: string }> {
    return sql`SELECT count(*) AS n FROM admin_approval_requests WHERE status = 'pending'`;
  },
};
