import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, sql, sqlJoin, toCents, type Sql, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { WalletTransaction, type WalletTransactionStatus, type WalletTransactionType } from '../../domain/wallet-transaction';
import {
  WalletTransactionRepository,
  type WalletTransactionFilter,
  type WalletTransactionRecord,
} from '../../application/ports/wallet-transaction.repository';
import { WalletTransactionEntity } from './wallet-transaction.entity';
import { walletTransactionMapper } from './wallet-transaction.mapper';
import { usersTable } from '@mirrorline/accounts/sql';

interface Row {
  id: string;
  user_id: string;
  type: WalletTransactionType;
  amount: string;
  destination: string | null;
  status: WalletTransactionStatus;
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  note: string | null;
}

const QUALIFIED = sql`w.id, w.user_id, w.type, w.amount::text AS amount, w.destination, w.status, w.created_at, w.decided_at, w.decided_by, w.note`;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export const toDomain = (row: Row) =>
  WalletTransaction.restore({
    id: row.id,
    userId: row.user_id,
    type: row.type,
    amount: toCents(row.amount),
    destination: row.destination,
    status: row.status,
    createdAt: asDate(row.created_at),
    decidedAt: row.decided_at === null ? null : asDate(row.decided_at),
    decidedBy: row.decided_by,
    note: row.note,
  });

/**
 * Wallet requests: one request through MikroORM (WalletTransactionEntity, mapper to the WalletTransaction
 * aggregate; native writes, the decision's FOR UPDATE read bypassing the identity map); the listing stays one
 * set-based statement (the page and its total in one round trip).
 */
@Injectable()
export class MikroOrmWalletTransactionRepository extends WalletTransactionRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async insert(tx: TransactionContext, transaction: WalletTransaction): Promise<void> {
    const t = transaction.snapshot();
    await (emOf(tx) as EntityManager).insert(WalletTransactionEntity, {
      id: t.id,
      userId: t.userId,
      type: t.type,
      amount: String(t.amount),
      destination: t.destination,
      status: t.status,
      createdAt: t.createdAt,
    });
  }

  async lockById(tx: TransactionContext, id: string): Promise<WalletTransaction | null> {
    const entity = await (emOf(tx) as EntityManager).findOne(
      WalletTransactionEntity,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    return entity ? walletTransactionMapper.toDomain(entity) : null;
  }

  async saveDecision(tx: TransactionContext, transaction: WalletTransaction): Promise<void> {
    const t = transaction.snapshot();
    await (emOf(tx) as EntityManager).nativeUpdate(
      WalletTransactionEntity,
      { id: t.id },
      { status: t.status, decidedAt: t.decidedAt, decidedBy: t.decidedBy, note: t.note },
    );
  }

  async list(filter: WalletTransactionFilter, page: PageQuery): Promise<Page<WalletTransactionRecord>> {
    const where: Sql<unknown>[] = [];
    if (filter.userId !== undefined) where.push(sql`w.user_id = ${filter.userId}`);
    if (filter.status !== undefined) where.push(sql`w.status = ${filter.status}`);
    if (filter.type !== undefined) where.push(sql`w.type = ${filter.type}`);
    const clause = where.length ? sql`WHERE ${sqlJoin(where, sql` AND `)}` : sql``;
    // The page and its total in one round trip (GET wallet is a hot read): the count LEFT JOINs the page,
    // so a page past the end is one row with the total and no item.
    const result = await runSql(
      this.em.getConnection(),
      sql<Row & { username: string; email: string; total: string; page_row: string | null }>`SELECT n.total, pg.* FROM (SELECT count(*)::text AS total FROM wallet_transactions w ${clause}) n
       LEFT JOIN (
         SELECT ${QUALIFIED}, u.username, u.email, row_number() OVER (ORDER BY w.created_at DESC, w.id DESC) AS page_row
         FROM wallet_transactions w JOIN ${usersTable} u ON u.id = w.user_id
         ${clause} ORDER BY w.created_at DESC, w.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}
       ) pg ON true
       ORDER BY pg.page_row`,
    );
    const total = result.length ? result[0].total : '0';
    const rows = result.filter((row) => row.page_row !== null);
    const items = rows.map((row) => ({ ...toDomain(row).snapshot(), username: row.username, email: row.email }));
    return { items, total: Number(total), page: page.page, limit: page.limit };
  }
}
