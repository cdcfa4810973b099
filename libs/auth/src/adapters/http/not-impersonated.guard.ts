import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { DomainError } from '@mirrorline/shared';

/** Refuses a request made with an impersonation token (AccessTokenGuard sets request.user.impersonatedBy). */
@Injectable()
export class NotImpersonatedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ user?: { impersonatedBy?: string } }>();
    if (request.user?.impersonatedBy) {
      throw new DomainError(
        'IMPERSONATION_FORBIDDEN',
        'This action is not allowed while an admin is acting as this user',
        'forbidden',
      );
    }
    return true;
  }
}

/**
 * For routes an admin acting as a user must never reach: change password, delete the account,
 * withdraw. Use on a controller method or class (after the global AccessTokenGuard has run).
 */
export const NotImpersonated = () =>
  applyDecorators(UseGuards(NotImpersonatedGuard), ApiForbiddenResponse({ description: 'IMPERSONATION_FORBIDDEN: not with an impersonation token' }));
