import { formatMoney } from './money';

export interface NotificationLike {
  type: string;
  title: string;
  body: string;
  data?: Record<string, unknown> | null;
}

/**
 * One money format in notification texts: when the server sends structured data (an `amount`, a
 * `pnl`), the SPA writes the sentence with its own format instead of the server's text.
 */
export function notificationText(n: NotificationLike): string {
  const d = n.data ?? {};
  const amount = typeof d.amount === 'string' || typeof d.amount === 'number' ? formatMoney(d.amount) : null;
  const pnl = typeof d.pnl === 'string' || typeof d.pnl === 'number' ? formatMoney(d.pnl, { signed: true }) : null;
  const status = typeof d.status === 'string' ? d.status.toLowerCase() : null;
  const kind = typeof d.transactionType === 'string' ? d.transactionType : typeof d.kind === 'string' ? d.kind : null;
  if (amount && kind && status) return `Your ${kind} of ${amount} was ${status}.`;
  if (amount && status) return `${n.title}: ${amount} ${status}.`;
  if (pnl) return `${n.title}: ${pnl}`;
  if (typeof d.KYC === 'string') return `Your identity verification is now ${d.KYC}.`;
  return n.body;
}
