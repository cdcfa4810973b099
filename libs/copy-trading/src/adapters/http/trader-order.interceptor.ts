import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedUser } from '@mirrorline/auth';
import { TraderOrderQueue } from '../../application/services/trader-order-queue';

/**
 * A trader's order request waits for its turn (TraderOrderQueue.runRequest) before anything else of it runs, and
 * so before @Idempotent's transaction begins: a queued order holds no pooled connection. List it below
 * `@Idempotent()` on a route: a decorator listed lower wraps further out.
 */
@Injectable()
export class TraderOrderInterceptor implements NestInterceptor {
  constructor(private readonly orders: TraderOrderQueue) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user) throw new Error('TraderOrderInterceptor needs an authenticated route');
    return from(this.orders.runRequest(user.userId, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
