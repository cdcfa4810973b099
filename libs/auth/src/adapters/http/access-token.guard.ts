import { createSecretKey, type KeyObject } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig, DomainError } from '@mirrorline/shared';
import type { Role } from '@mirrorline/users';
import type { AccessTokenClaims, AuthenticatedUser } from '../../domain/user-info';
import { IS_PUBLIC, REQUIRED_ROLES } from './auth.decorators';
import { ActiveUserCheck } from '../../application/active-user-check';

export const tokenExpired = () =>
  new DomainError('TOKEN_EXPIRED', 'Your access token is invalid or has expired', 'forbidden', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer\s+(\S.*)$/i;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when there is none. The scheme
 * is case-insensitive (RFC 7235); another scheme (Basic, …) or an empty token carries no bearer token
 * at all, so it is answered like a missing one (401), not like a bad token (403, which makes the SPA
 * try a refresh).
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = header ? BEARER.exec(header.trim()) : null;
  return match ? match[1].trim() : undefined;
}

/**
 * Global guard: every route needs a valid access token unless marked @Public().
 * Missing token (or another scheme) → 401; expired, tampered or wrong-type token → 403 TOKEN_EXPIRED; role not allowed → 403 FORBIDDEN.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  // A KeyObject made once: given a string, jsonwebtoken builds a key on every verification (hot path).
  private readonly key: KeyObject;

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activeUsers: ActiveUserCheck,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtAccessSecret, 'utf8'));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthenticatedUser }>();
    const token = bearerTokenOf(request.headers['authorization']);
    if (!token) {
      if (isPublic) return true;
      throw new DomainError('UNAUTHENTICATED', 'Authentication required', 'unauthorized');
    }
    if (!JWT_SHAPE.test(token)) {
      if (isPublic) return true;
      throw tokenExpired();
    }
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, {
        secret: this.key as unknown as string,
        algorithms: ['HS256'],
      });
    } catch {
      if (isPublic) return true;
      throw tokenExpired();
    }
    if (claims.typ !== 'access' || !claims.UserInfo || claims.sub !== claims.UserInfo.userId) {
      if (isPublic) return true;
      throw tokenExpired();
    }
    // A token outlives neither its user's block/deletion nor a role change: checked on every call.
    const active = await this.activeUsers.rolesIfActive(claims.sub, claims.iat ?? 0);
    if (!active) {
      if (isPublic) return true;
      throw tokenExpired();
    }
    request.user = {
      userId: claims.sub,
      email: claims.UserInfo.email,
      roles: active.roles,
      traderID: claims.UserInfo.traderID ?? null,
      impersonatedBy: claims.imp,
    };
    // An impersonation token only reads (product.md §10): no money moves, no trade, no setting changes as someone else.
    if (claims.imp && !isPublic && !READ_METHODS.has(String((request as { method?: string }).method).toUpperCase())) {
      throw new DomainError('IMPERSONATION_FORBIDDEN', 'An impersonation session can only read', 'forbidden');
    }
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (required?.length && !required.some((role) => active.roles.includes(role))) {
      throw new DomainError('FORBIDDEN', 'You do not have permission to do this', 'forbidden');
    }
    return true;
  }
}
