import { Injectable } from '@nestjs/common';
import { DomainError, runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { newDepositReference } from '../../domain/deposit-reference';
import { DepositReferences, type MatchedTransfer, type ReferenceHolder } from '../../application/ports/deposit-references';
import { usersTable } from '@mirrorline/accounts/sql';

interface HolderRow {
  reference: string;
  user_id: string;
  username: string;
  email: string;
  kyc_status: string;
  blocked: boolean;
  deleted: boolean;
}

/** A fresh reference collides with another user's about once in 10^11 draws; a few tries are plenty. */
const TRIES = 5;

@Injectable()
export class SqlDepositReferences extends DepositReferences {
  async ofUser(tx: TransactionContext, userId: string): Promise<string> {
    const em = emOf(tx);
    for (let attempt = 0; attempt < TRIES; attempt++) {
      // ON CONFLICT without a target: the user already has one (a concurrent first read waits on the key, then
      // finds the winner's), or the drawn reference is taken (then the select finds nothing and we draw again).
      await runSql(em, sql`INSERT INTO deposit_references (user_id, reference) VALUES (${userId}, ${newDepositReference()}) ON CONFLICT DO NOTHING`);
      const [row] = await runSql(em, sql<{ reference: string }>`SELECT reference FROM deposit_references WHERE user_id = ${userId}`);
      if (row) return row.reference;
    }
    throw new DomainError('WALLET.REFERENCE_UNAVAILABLE', 'No deposit reference could be made; try again', 'service_unavailable', { retryAfterSeconds: 1 });
  }

  async holder(tx: TransactionContext, reference: string, lock = false): Promise<ReferenceHolder | null> {
    const [row] = await runSql(
      emOf(tx),
      sql<HolderRow>`SELECT r.reference, u.id AS user_id, u.username, u.email, u.kyc_status, u.blocked, u.deleted_at IS NOT NULL AS deleted
                       FROM deposit_references r JOIN ${usersTable} u ON u.id = r.user_id
                      WHERE r.reference = ${reference}${lock ? sql` FOR KEY SHARE OF u` : sql``}`,
    );
    return row
      ? { reference: row.reference, userId: row.user_id, username: row.username, email: row.email, kycStatus: row.kyc_status, blocked: row.blocked, deleted: row.deleted }
      : null;
  }

  async recordTransfer(tx: TransactionContext, t: MatchedTransfer): Promise<boolean> {
    const rows = await runSql(
      emOf(tx),
      sql<{ bank_tx_id: string }>`INSERT INTO bank_transfers (bank_tx_id, reference, user_id, amount, wallet_transaction_id, matched_by, matched_at)
                                  VALUES (${t.bankTxId}, ${t.reference}, ${t.userId}, ${t.amount}, ${t.walletTransactionId}, ${t.matchedBy}, ${t.matchedAt})
                                  ON CONFLICT (bank_tx_id) DO NOTHING RETURNING bank_tx_id`,
    );
    return rows.length === 1;
  }
}
