import type { OneTimeCodeState } from '../../domain/one-time-code';
import type { OneTimeCodeEntity } from './one-time-code.entity';

/** Entity ↔ domain state: the domain never sees the entity, and dates and counts come back typed. */
export const oneTimeCodeMapper = {
  toState(entity: OneTimeCodeEntity): OneTimeCodeState {
    return {
      id: entity.id,
      userId: entity.userId,
      purpose: entity.purpose,
      codeHash: entity.codeHash,
      attempts: Number(entity.attempts),
      expiresAt: new Date(entity.expiresAt),
      consumedAt: entity.consumedAt ? new Date(entity.consumedAt) : null,
    };
  },
};
