import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, toCents, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { WalletTransaction } from '../../domain/wallet-transaction';
import {
  WalletTransactionRepository,
  type WalletTransactionFilter,
  type WalletTransactionRecord,
} from '../../application/ports/wallet-transaction.repository';
import { WalletTransactionEntity } from './wallet-transaction.entity';
import { walletTransactionMapper } from './wallet-transaction.mapper';
import { walletTransactionsQueries, type WalletTransactionRow } from './wallet-transactions.queries';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export const toDomain = (row: WalletTransactionRow) =>
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
    const result = await runSql(this.em.getConnection(), walletTransactionsQueries.page(filter, page));
    const total = result.length ? result[0].total : '0';
    const rows = result.filter((row) => row.page_row !== null);
    const items = rows.map((row) => ({ ...toDomain(row).snapshot(), username: row.username, email: row.email }));
    return { items, total: Number(total), page: page.page, limit: page.limit };
  }
}
