import { toCents } from '@mirrorline/shared';
import { WalletTransaction } from '../../domain/wallet-transaction';
import type { WalletTransactionEntity } from './wallet-transaction.entity';

/** Entity → the WalletTransaction aggregate (restore keeps its invariants); amount from bigint cents. */
export const walletTransactionMapper = {
  toDomain(entity: WalletTransactionEntity): WalletTransaction {
    return WalletTransaction.restore({
      id: entity.id,
      userId: entity.userId,
      type: entity.type,
      amount: toCents(entity.amount),
      destination: entity.destination ?? null,
      status: entity.status,
      createdAt: new Date(entity.createdAt),
      decidedAt: entity.decidedAt ? new Date(entity.decidedAt) : null,
      decidedBy: entity.decidedBy ?? null,
      note: entity.note ?? null,
    });
  },
};
