import type { EntityManager } from '@mikro-orm/postgresql';
import { emOf, type TransactionContext } from '@mirrorline/shared';

/** The transaction's EntityManager, or a fresh fork for reads outside any transaction. */
export function executorOf(em: EntityManager, tx: TransactionContext | null): EntityManager {
  return tx ? (emOf(tx) as EntityManager) : em.fork();
}
