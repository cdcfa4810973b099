import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { REFRESH_TOKEN_TTL_MS } from '../../../domain/refresh-token';
import { SecurityErrors } from '../../../domain/security-errors';
import { AuthSessions } from '../../ports/auth-sessions';
import { RefreshTokenStore } from '../../ports/refresh-token.store';

export interface SessionView {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** GET auth/sessions/: the live refresh-token families (a family unused for 7 days has expired). */
@Injectable()
export class ListSessionsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: AuthSessions,
    private readonly clock: Clock,
  ) {}

  async execute(caller: { userId: string; sessionId?: string }): Promise<{ items: SessionView[] }> {
    const since = new Date(this.clock.now().getTime() - REFRESH_TOKEN_TTL_MS);
    const rows = await this.uow.run((tx) => this.sessions.listActive(tx, caller.userId, since));
    return {
      items: rows.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
        current: s.id === caller.sessionId,
      })),
    };
  }
}

/** DELETE auth/sessions/:id and POST auth/sessions/revoke-others/: the refresh token and the access tokens stop at once. */
@Injectable()
export class RevokeSessionsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: AuthSessions,
    private readonly store: RefreshTokenStore,
    private readonly clock: Clock,
  ) {}

  async one(caller: { userId: string }, id: string): Promise<{ message: string }> {
    await this.uow.run(async (tx) => {
      if (!(await this.sessions.isActiveOfUser(tx, caller.userId, id))) throw SecurityErrors.sessionNotFound();
      await this.store.revokeFamily(tx, id, this.clock.now());
    });
    return { message: 'Session signed out' };
  }

  async others(caller: { userId: string; sessionId?: string }): Promise<{ message: string }> {
    await this.uow.run((tx) => this.store.revokeAllOfUser(tx, caller.userId, this.clock.now(), caller.sessionId));
    return { message: 'Every other session was signed out' };
  }
}
