import { sql, type BankTransfersTable, type DepositReferencesTable, type Sql, type UsersTable } from '@mirrorline/shared';
import type { MatchedTransfer } from '../../application/ports/deposit-references';
import { usersTable } from '@mirrorline/accounts/sql';

/** The reference and its holder (`user_id`: the user's id, `deleted`: deleted_at is set). */
export type DepositReferenceHolderRow = Pick<DepositReferencesTable, 'reference' | 'user_id'> &
  Pick<UsersTable, 'username' | 'email' | 'kyc_status' | 'blocked'> & { deleted: boolean };

/** The statements of deposit references and matched bank transfers (SqlDepositReferences runs them). */
export const depositReferencesQueries = {
  /** A drawn reference for the user, unless the user already has one or the reference is taken (ON CONFLICT, no target). */
  insertReference(userId: string, reference: string): Sql<never> {
    return sql`INSERT INTO deposit_references (user_id, reference) VALUES (${userId}, ${reference}) ON CONFLICT DO NOTHING`;
  },

  referenceOfUser(userId: string): Sql<Pick<DepositReferencesTable, 'reference'>> {
    return sql<Pick<DepositReferencesTable, 'reference'>>`SELECT reference FROM deposit_references WHERE user_id = ${userId}`;
  },

  /** The reference's holder (`lock`: FOR KEY SHARE of the user, so it cannot be deleted before the deposit commits). */
  holder(reference: string, lock: boolean): Sql<DepositReferenceHolderRow> {
    return sql<DepositReferenceHolderRow>`SELECT r.reference, u.id AS user_id, u.username, u.email, u.kyc_status, u.blocked, u.deleted_at IS NOT NULL AS deleted
                       FROM deposit_references r JOIN ${usersTable} u ON u.id = r.user_id
                      WHERE r.reference = ${reference}${lock ? sql` FOR KEY SHARE OF u` : sql``}`;
  },

  /** The matched transfer, once per bank transaction id (a row back: recorded now). */
  recordTransfer(t: MatchedTransfer): Sql<Pick<BankTransfersTable, 'bank_tx_id'>> {
    return sql<Pick<BankTransfersTable, 'bank_tx_id'>>`INSERT INTO bank_transfers (bank_tx_id, reference, user_id, amount, wallet_transaction_id, matched_by, matched_at)
                                  VALUES (${t.bankTxId}, ${t.reference}, ${t.userId}, ${t.amount}, ${t.walletTransactionId}, ${t.matchedBy}, ${t.matchedAt})
                                  ON CONFLICT (bank_tx_id) DO NOTHING RETURNING bank_tx_id`;
  },
};
