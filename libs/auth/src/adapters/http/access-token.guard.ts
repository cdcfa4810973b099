import { createSecretKey, type KeyObject } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig, DomainError } from '@mirrorline/shared';
import type { Role } from '@mirrorline/accounts';
import type { AccessTokenClaims, AuthenticatedUser } from '../../domain/user-info';
import { API_TOKEN_TRADE, IS_PUBLIC, MFA_ENROLMENT_EXEMPT, NO_API_TOKEN, REQUIRED_ROLES } from './auth.decorators';
import { ActiveUserCheck } from '../../application/active-user-check';
import { SecurityErrors } from '../../domain/security-errors';
import { API_TOKEN_PREFIX, hashApiToken } from '../../domain/api-token';

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
    const request = context.switchToHttp().getRequest<{ method: string; headers: Record<string, string | undefined>; user?: AuthenticatedUser }>();
    const token = bearerTokenOf(request.headers['authorization']);
    if (!token) {
      if (isPublic) return true;
      throw new DomainError('UNAUTHENTICATED', 'Authentication required', 'unauthorized');
    }
    if (token.startsWith(API_TOKEN_PREFIX)) return this.apiTokenCaller(context, request, token, isPublic);
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
    // A token outlives neither its user's block/deletion, a role change, nor its session: checked on every call.
    const active = await this.activeUsers.activeUser(claims.sub, claims.iat ?? 0, claims.sid);
    if (!active || !claims.sid) {
      if (isPublic) return true;
      throw tokenExpired();
    }
    if (!active.sessionLive) {
      if (isPublic) return true;
      throw SecurityErrors.tokenRevoked();
    }
    if (active.issuedBeforeRevocation) {
      if (isPublic) return true;
      throw tokenExpired();
    }
    request.user = {
      userId: claims.sub,
      email: claims.UserInfo.email,
      roles: active.roles,
      traderID: claims.UserInfo.traderID ?? null,
      impersonatedBy: claims.imp,
      sessionId: claims.sid,
      issuedAt: claims.iat ?? 0,
    };
    // Admins must have 2FA: until they enrol, only enrolment (and reading their profile) is open. An
    // impersonation token is the acting admin's (who passed 2FA to get it), whatever the target's roles.
    if (active.roles.includes('Admin') && !active.mfaEnabled && !claims.imp && !isPublic && !this.reflector.getAllAndOverride<boolean>(MFA_ENROLMENT_EXEMPT, targets)) {
      throw SecurityErrors.enrolmentRequired();
    }
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

  /**
   * `Authorization: Bearer ml_pat_…` (product.md §10): the token's user without the Admin role; reads
   * for every scope, writes only where marked @TradeScope() and with the `trade` scope; never a route
   * marked @NoApiToken(). Anything else is 403 TOKEN_SCOPE.
   */
  private async apiTokenCaller(
    context: ExecutionContext,
    request: { method: string; user?: AuthenticatedUser },
    token: string,
    isPublic: boolean | undefined,
  ): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const owner = await this.activeUsers.apiTokenOwner(hashApiToken(token));
    if (!owner) {
      if (isPublic) return true;
      throw tokenExpired();
    }
    const roles: Role[] = owner.roles.filter((role) => role !== 'Admin');
    request.user = { userId: owner.userId, email: owner.email, roles, traderID: null, apiToken: { id: owner.tokenId, scopes: owner.scopes } };
    if (this.reflector.getAllAndOverride<boolean>(NO_API_TOKEN, targets)) throw SecurityErrors.tokenScope();
    if (!READ_METHODS.has(request.method.toUpperCase())) {
      const tradeRoute = this.reflector.getAllAndOverride<boolean>(API_TOKEN_TRADE, targets);
      if (!tradeRoute || !owner.scopes.includes('trade')) throw SecurityErrors.tokenScope();
    }
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (required?.length && !required.some((role) => roles.includes(role))) {
      // An Admin route, or a role the user lacks: the token never carries the Admin role.
      throw required.some((role) => (owner.roles as Role[]).includes(role)) ? SecurityErrors.tokenScope() : new DomainError('FORBIDDEN', 'You do not have permission to do this', 'forbidden');
    }
    return true;
  }
}
