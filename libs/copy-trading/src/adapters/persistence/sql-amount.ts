import { sql, type Sql } from '@mirrorline/shared';

/**
 * SQL that renders a non-negative bigint cents expression as "12.34" in notification texts: integer
 * arithmetic only, so no float ever touches an amount on its way to the user.
 */
export const sqlAmount = (cents: Sql<unknown>): Sql<never> => sql`(${cents} / 100) || '.' || lpad((${cents} % 100)::text, 2, '0')`;

/** numeric(24,8) comes back as "1.08500000": trailing zeros are noise on the wire. */
export const trimDecimal = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
