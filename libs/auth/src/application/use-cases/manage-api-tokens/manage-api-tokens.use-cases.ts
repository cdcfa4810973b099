import { Injectable } from '@nestjs/common';
import { Clock, DomainError, UnitOfWork } from '@mirrorline/shared';
import { API_TOKEN_SCOPES, hashApiToken, newApiToken } from '../../../domain/api-token';
import { SecurityErrors } from '../../../domain/security-errors';
import { ApiTokenStore } from '../../ports/api-token-store';

const MAX_TOKENS = 20;

export interface ApiTokenView {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  prefix: string;
}

/** GET/POST auth/tokens/, DELETE auth/tokens/:id (product.md §10). */
@Injectable()
export class ManageApiTokensUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: ApiTokenStore,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<{ items: ApiTokenView[] }> {
    const rows = await this.uow.run((tx) => this.store.listLive(tx, userId));
    return {
      items: rows.map((t) => ({
        id: t.id,
        name: t.name,
        scopes: t.scopes,
        createdAt: t.createdAt.toISOString(),
        lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
        prefix: t.prefix,
      })),
    };
  }

  async create(caller: { userId: string; impersonatedBy?: string }, body: { name: string; scopes: string[] }): Promise<{ id: string; token: string }> {
    if (caller.impersonatedBy) throw new DomainError('FORBIDDEN', 'Not allowed while acting as another user', 'forbidden');
    const scopes = [...new Set(body.scopes)].filter((s): s is (typeof API_TOKEN_SCOPES)[number] => (API_TOKEN_SCOPES as readonly string[]).includes(s));
    if (!scopes.length || scopes.length !== new Set(body.scopes).size) {
      throw new DomainError('VALIDATION', 'scopes must be a non-empty list of read and/or trade', 'validation');
    }
    const { token, prefix } = newApiToken();
    const id = await this.uow.run(async (tx) => {
      if ((await this.store.countLive(tx, caller.userId)) >= MAX_TOKENS) {
        throw new DomainError('API_TOKEN.LIMIT', `At most ${MAX_TOKENS} API tokens; revoke one first`, 'conflict');
      }
      return this.store.insert(tx, { userId: caller.userId, name: body.name, scopes, tokenHash: hashApiToken(token), prefix, createdAt: this.clock.now() });
    });
    return { id, token };
  }

  async revoke(userId: string, id: string): Promise<{ message: string }> {
    const done = await this.uow.run((tx) => this.store.revoke(tx, userId, id, this.clock.now()));
    if (!done) throw SecurityErrors.apiTokenNotFound();
    return { message: 'API token revoked' };
  }
}
