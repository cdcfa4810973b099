import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { AuditLog } from '@mirrorline/audit';
import type { AuthenticatedUser } from '@mirrorline/auth';
import { UnitOfWork } from '@mirrorline/shared';

/**
 * Every trade action an admin takes for a trader (`?traderId=` on a write of trader/*) is audited, naming
 * the admin (and the admin behind an impersonation token): `trader.trade_open`, `trader.trade_close`, …
 * Written once the action succeeded, as its own record, so the trade use cases stay as they are.
 */
const ACTIONS: Record<string, string> = { open: 'trader.trade_open', close: 'trader.trade_close', levels: 'trader.trade_levels', cancelOrder: 'trader.order_cancel' };

@Injectable()
export class AdminTradeAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const traderId = request.query?.traderId;
    const user = request.user;
    if (request.method === 'GET' || traderId === undefined || !user?.roles.includes('Admin')) return next.handle();
    const action = ACTIONS[context.getHandler().name] ?? 'trader.trade_action';
    return next.handle().pipe(
      switchMap((result: unknown) =>
        from(
          this.uow
            .run((tx) =>
              this.audit.record(tx, {
                actorId: user.impersonatedBy ?? user.userId,
                action,
                targetType: 'trader',
                targetId: String(traderId),
                after: {
                  tradeId: request.params?.id ?? (result as { trade?: { id?: string } } | null)?.trade?.id ?? null,
                  body: request.body ?? null,
                  ...(user.impersonatedBy ? { impersonatedBy: user.impersonatedBy } : {}),
                },
                ip: request.ip ?? null,
              }),
            )
            .then(() => result),
        ),
      ),
    );
  }
}
