import { Injectable } from '@nestjs/common';
import { emOf, type TransactionContext } from '@mirrorline/shared';
import { AccountHolders } from '../../application/ports/account-holders';

/** Reads users.kyc_status (schema of the users context) inside the wallet's transaction. */
@Injectable()
export class MikroOrmAccountHolders extends AccountHolders {
  async kycStatus(tx: TransactionContext, userId: string): Promise<string | null> {
    const [row] = await emOf(tx).execute<Array<{ kyc_status: string }>>(
      'SELECT kyc_status FROM users WHERE id = ? AND deleted_at IS NULL',
      [userId],
    );
    return row?.kyc_status ?? null;
  }
}
