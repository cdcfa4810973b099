import type { TransactionContext } from '@mirrorline/shared';

/**
 * Port: the in-app side of a security notice. Implemented by the notifications context (which
 * imports auth, so auth cannot import it back); provided globally by NotificationsModule.
 */
export abstract class SecurityInbox {
  abstract post(tx: TransactionContext, notice: { userId: string; type: string; title: string; body: string; data?: Record<string, unknown> }): Promise<void>;
}
