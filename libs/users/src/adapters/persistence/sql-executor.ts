import type { EntityManager } from '@mikro-orm/postgresql';
import { type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';

/** The transaction's EntityManager, or a fresh fork for reads outside any transaction. */
export function executorOf(em: EntityManager, tx: TransactionContext | null): EntityManager {
  return tx ? (emOf(tx) as EntityManager) : em.fork();
}

/** Tables found once: the schema only grows (migrations never drop these), so a yes is never asked again. */
const existing = new Set<string>();

/** Is there such a table yet? Lets this context run before the copy-trading or wallet schema lands. */
export async function tableExists(em: EntityManager, table: string): Promise<boolean> {
  if (existing.has(table)) return true;
  const [row] = await em.execute<Array<{ found: string | null }>>('SELECT to_regclass(?) AS found', [`public.${table}`]);
  const found = row?.found !== null && row?.found !== undefined;
  if (found) existing.add(table);
  return found;
}
