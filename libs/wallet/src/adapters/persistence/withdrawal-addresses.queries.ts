import { sql, type Sql, type WithdrawalAddressesTable } from '@mirrorline/shared';

export type WithdrawalAddressRow = Pick<WithdrawalAddressesTable, 'id' | 'label' | 'destination' | 'created_at' | 'usable_at'>;

const COLUMNS = sql`id, label, destination, created_at, usable_at`;

/** The statements of a user's withdrawal address book (SqlWithdrawalAddresses runs them). */
export const withdrawalAddressesQueries = {
  /** The user's addresses, newest first. */
  list(userId: string): Sql<WithdrawalAddressRow> {
    return sql<WithdrawalAddressRow>`SELECT ${COLUMNS} FROM withdrawal_addresses WHERE user_id = ${userId} ORDER BY created_at DESC`;
  },

  count(userId: string): Sql<{ n: string }> {
    return sql<{ n: string }>`SELECT count(*) AS n FROM withdrawal_addresses WHERE user_id = ${userId}`;
  },

  /** The new address, or no row when the user already has this destination. */
  insert(a: { userId: string; label: string; destination: string; createdAt: Date; usableAt: Date }): Sql<WithdrawalAddressRow> {
    return sql<WithdrawalAddressRow>`INSERT INTO withdrawal_addresses (user_id, label, destination, created_at, usable_at)
               VALUES (${a.userId}, ${a.label}, ${a.destination}, ${a.createdAt}, ${a.usableAt})
               ON CONFLICT (user_id, destination) DO NOTHING
               RETURNING ${COLUMNS}`;
  },

  remove(userId: string, id: string): Sql<Pick<WithdrawalAddressesTable, 'id'>> {
    return sql<Pick<WithdrawalAddressesTable, 'id'>>`DELETE FROM withdrawal_addresses WHERE id = ${id} AND user_id = ${userId} RETURNING id`;
  },

  /** A row when the destination is in the user's book and its cooling-off period is over at `now`. */
  usable(userId: string, destination: string, now: Date): Sql<{ one: number }> {
    return sql<{ one: number }>`SELECT 1 AS one FROM withdrawal_addresses WHERE user_id = ${userId} AND destination = ${destination} AND usable_at <= ${now}`;
  },
};
