import { pageOffset, sql, sqlJoin, type PageQuery, type Sql, type UsersTable, type WalletTransactionsTable } from '@mirrorline/shared';
import { usersTable } from '@mirrorline/accounts/sql';
import type { WalletTransactionFilter } from '../../application/ports/wallet-transaction.repository';
import type { WalletTransactionStatus, WalletTransactionType } from '../../domain/wallet-transaction';

/** A wallet request's row (amount as text cents). */
export type WalletTransactionRow = Pick<
  WalletTransactionsTable,
  'id' | 'user_id' | 'amount' | 'destination' | 'created_at' | 'decided_at' | 'decided_by' | 'note'
> & { type: WalletTransactionType; status: WalletTransactionStatus };

/**
 * One row of a listing page: the request and its user's names, the filter's total and the row's place in the
 * page (`page_row` null, and every other column too: the page is past the end and this row carries only the total).
 */
export type WalletTransactionPageRow = WalletTransactionRow & Pick<UsersTable, 'username' | 'email'> & { total: string; page_row: string | null };

const QUALIFIED = sql`w.id, w.user_id, w.type, w.amount::text AS amount, w.destination, w.status, w.created_at, w.decided_at, w.decided_by, w.note`;

/** The statements of the wallet requests' listing (the repository writes one request through MikroORM). */
export const walletTransactionsQueries = {
  /**
   * A page of requests, newest first, and the filter's total in one round trip (GET wallet is a hot read): the
   * count LEFT JOINs the page, so a page past the end is one row with the total and no item.
   */
  page(filter: WalletTransactionFilter, page: PageQuery): Sql<WalletTransactionPageRow> {
    const where: Sql<unknown>[] = [];
    if (filter.userId !== undefined) where.push(sql`w.user_id = ${filter.userId}`);
    if (filter.status !== undefined) where.push(sql`w.status = ${filter.status}`);
    if (filter.type !== undefined) where.push(sql`w.type = ${filter.type}`);
    const clause = where.length ? sql`WHERE ${sqlJoin(where, sql` AND `)}` : sql``;
    return sql<WalletTransactionPageRow>`SELECT n.total, pg.* FROM (SELECT count(*)::text AS total FROM wallet_transactions w ${clause}) n
       LEFT JOIN (
         SELECT ${QUALIFIED}, u.username, u.email, row_number() OVER (ORDER BY w.created_at DESC, w.id DESC) AS page_row
         FROM wallet_transactions w JOIN ${usersTable} u ON u.id = w.user_id
         ${clause} ORDER BY w.created_at DESC, w.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}
       ) pg ON true
       ORDER BY pg.page_row`;
  },
};
