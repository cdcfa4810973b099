import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TransactionContext } from '@mirrorline/shared';
import { SessionRevoker } from '../../application/ports/session-revoker';
import { executorOf, tableExists } from './sql-executor';

/**
 * Default adapter until the auth context exports its own session revocation: revokes every live
 * refresh token of the user and moves users.tokens_valid_after (auth's columns) in the caller's transaction.
 * Blocked and deleted users are refused by the access-token guard on every call anyway.
 */
@Injectable()
export class SqlSessionRevoker extends SessionRevoker {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async revokeAll(tx: TransactionContext, userId: string): Promise<void> {
    const em = executorOf(this.em, tx);
    if (await tableExists(em, 'refresh_tokens')) {
      await em.execute('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ? AND revoked_at IS NULL', [userId]);
    }
    const [column] = await em.execute<Array<{ found: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'tokens_valid_after') AS found`,
    );
    if (column?.found) await em.execute('UPDATE users SET tokens_valid_after = now() WHERE id = ?', [userId]);
  }
}
