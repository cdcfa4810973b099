import { centsToString, formatMoney } from './money';

export interface NotificationLike {
  type: string;
  title: string;
  body: string;
  data?: Record<string, unknown> | null;
}

type Data = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
/** Copy-trading notices carry integer cents (positions are stored in cents); wallet ones a 2-decimal string. */
const fromCents = (v: unknown): string | null => {
  const s = str(v);
  return s !== null && /^-?\d+$/.test(s) ? centsToString(BigInt(s)) : null;
};

const SKIP_REASONS: Record<string, string> = {
  paused: 'Your copy is paused.',
  stopping: 'Your copy is stopping: it takes no new trades.',
  zero_size: 'Your free copy equity is too small for this trade.',
  daily_loss_limit: 'Your realised copy losses today reached your daily loss limit.',
};

/** The sentence of each notification type, written from its structured `data` with the SPA's one money format. */
const BY_TYPE: Record<string, (d: Data) => string | null> = {
  wallet_transaction_decided: (d) => {
    const amount = str(d.amount);
    const kind = str(d.transactionType);
    const status = str(d.status);
    if (!amount || !kind || !status) return null;
    const note = str(d.note);
    return `Your ${kind} of ${formatMoney(amount)} was ${status.toLowerCase()}.${note ? ` Note: ${note}` : ''}`;
  },
  kyc_decided: (d) => (str(d.KYC) ? `Your identity verification is now ${str(d.KYC)}.` : null),
  copy_opened: (d) => (fromCents(d.size) ? `Position size ${formatMoney(fromCents(d.size))}.` : null),
  copy_closed: (d) => {
    const pnl = fromCents(d.pnl);
    if (pnl === null) return null;
    const fee = fromCents(d.fee);
    return `PnL ${formatMoney(pnl, { signed: true })}${fee && fee !== '0.00' ? `, profit share ${formatMoney(fee)}` : ''}.`;
  },
  copy_skipped: (d) => SKIP_REASONS[str(d.reason) ?? ''] ?? null,
  guard_hit: (d) => SKIP_REASONS[str(d.reason) ?? ''] ?? null,
  copy_ended: (d) => (fromCents(d.returned) ? `${formatMoney(fromCents(d.returned))} returned to your balance.` : null),
};

/**
 * One money format in notification texts: the SPA writes the sentence from the notification's structured
 * `data` (amounts, pnl, statuses, reasons) with its own formats; the server's sentence (kept for mail and
 * logs) is shown only for a type the SPA does not know or a notification without data.
 */
export function notificationText(n: NotificationLike): string {
  const d = n.data ?? {};
  const typed = BY_TYPE[n.type]?.(d);
  if (typed) return typed;
  // older or unknown types that still carry an amount and a status
  const amount = str(d.amount);
  const status = str(d.status)?.toLowerCase();
  const kind = str(d.transactionType) ?? str(d.kind);
  if (amount && kind && status) return `Your ${kind} of ${formatMoney(amount)} was ${status}.`;
  if (amount && status) return `${n.title}: ${formatMoney(amount)} ${status}.`;
  if (typeof d.KYC === 'string') return `Your identity verification is now ${d.KYC}.`;
  return n.body;
}
