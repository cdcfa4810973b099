import type { ExecutionContext } from '@nestjs/common';
import { NotImpersonatedGuard } from './not-impersonated.guard';

const contextWith = (user: unknown) => ({ switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as unknown as ExecutionContext;

describe('NotImpersonatedGuard', () => {
  it('lets a normal token through and refuses an impersonation token with 403 IMPERSONATION_FORBIDDEN', () => {
    const guard = new NotImpersonatedGuard();
    expect(guard.canActivate(contextWith({ userId: 'u' }))).toBe(true);
    expect(() => guard.canActivate(contextWith({ userId: 'u', impersonatedBy: 'admin' }))).toThrow(
      expect.objectContaining({ code: 'IMPERSONATION_FORBIDDEN', kind: 'forbidden' }),
    );
  });
});
