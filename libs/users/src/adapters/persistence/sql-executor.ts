import type { EntityManager } from '@mikro-orm/postgresql';
import { type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';

/** The transaction's EntityManager, or a fresh fork for reads outside any transaction. */
export function executorOf(em: EntityManager, tx: TransactionContext | null): EntityManager {
  return tx ? (emOf(tx) as EntityManager) : em.fork();
}
