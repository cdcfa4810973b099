import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { hashOpaqueToken } from '../../../domain/tokens';
import { RefreshTokenStore } from '../../ports/refresh-token.store';

/** Ends the session of this refresh cookie (its whole family). Idempotent. */
@Injectable()
export class LogOutUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: RefreshTokenStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: { refreshToken: string | undefined }): Promise<{ message: string }> {
    const presented = command.refreshToken;
    if (presented) {
      await this.uow.run(async (tx) => {
        const record = await this.store.findByHashForUpdate(tx, hashOpaqueToken(presented));
        if (record) await this.store.revokeFamily(tx, record.familyId, this.clock.now());
      });
    }
    return { message: 'Logged out' };
  }
}
