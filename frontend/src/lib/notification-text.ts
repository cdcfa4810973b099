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
  copy_started: (d) => {
    const copied = typeof d.openTradesCopied === 'number' ? d.openTradesCopied : null;
    if (copied === null) return null;
    if (copied === 0) return `${str(d.trader) ?? 'The trader'} had no open trades, so only new trades will be copied.`;
    return `${copied} open ${copied === 1 ? 'trade' : 'trades'} copied at today's price.`;
  },
  profit_share_changed: (d) =>
    typeof d.share === 'number' ? `Your copy keeps its profit share of ${d.share} %. The new share applies to new copies; you may accept it for yours.` : null,
  'security.new_device': (d) => (str(d.detail) ? `Someone signed in to your Mirrorline account from a new device (${str(d.detail)}).` : null),
  'security.password_changed': () => 'The password of your Mirrorline account was changed; your other sessions were signed out.',
  'security.mfa_enabled': () => 'Two-factor authentication was turned on for your Mirrorline account.',
  'security.mfa_disabled': () => 'Two-factor authentication was turned off for your Mirrorline account.',
  'security.address_added': (d) =>
    str(d.detail) ? `A withdrawal address was added to your Mirrorline account: ${str(d.detail)}. It becomes usable after the waiting period.` : null,
};

const GUARDS: Record<string, (d: Data) => string | null> = {
  copy_stop_loss: (d) => (str(d.trader) ? `Copy stop loss reached: your copy of ${str(d.trader)} was closed out` : 'Copy stop loss reached: your copy was closed out'),
  stop_loss: (d) => (str(d.trader) ? `Stop loss reached: your copy of ${str(d.trader)} stops` : 'Stop loss reached: your copy stops'),
};

/** The title of each notification type, from its `data` (the server's title stays for mail and logs). */
const TITLE_BY_TYPE: Record<string, (d: Data) => string | null> = {
  wallet_transaction_decided: (d) => {
    const kind = str(d.transactionType);
    const status = str(d.status);
    if (!kind || !status) return null;
    return `${kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${status.toLowerCase()}`;
  },
  kyc_decided: (d) => (str(d.KYC) ? (d.KYC === 'Verified' ? 'Identity verified' : 'Identity verification updated') : null),
  copy_started: (d) => (str(d.trader) ? `You now copy ${str(d.trader)}` : null),
  copy_opened: (d) => (str(d.side) && str(d.pair) && str(d.trader) ? `Copied ${str(d.side)} ${str(d.pair)} from ${str(d.trader)}` : null),
  copy_closed: (d) => {
    const pnl = fromCents(d.pnl);
    return str(d.pair) && pnl !== null ? `${str(d.pair)} closed: ${formatMoney(pnl, { signed: true })}` : null;
  },
  copy_skipped: (d) => (str(d.pair) ? `Trade ${str(d.pair)} not copied` : null),
  guard_hit: (d) => {
    if (str(d.reason) === 'daily_loss_limit') return str(d.pair) ? `Daily loss limit reached: ${str(d.pair)} not copied` : 'Daily loss limit reached';
    return GUARDS[str(d.guard) ?? '']?.(d) ?? null;
  },
  copy_ended: (d) => (str(d.trader) ? `Your copy of ${str(d.trader)} has ended` : 'Your copy has ended'),
  profit_share_changed: (d) => (str(d.trader) && typeof d.newShare === 'number' ? `${str(d.trader)} changed their profit share to ${d.newShare} %` : null),
  'security.new_device': () => 'New sign-in to your account',
  'security.password_changed': () => 'Your password was changed',
  'security.mfa_enabled': () => 'Two-factor authentication is on',
  'security.mfa_disabled': () => 'Two-factor authentication is off',
  'security.address_added': () => 'New withdrawal address',
};

/**
 * The title, written from the notification's `type` and `data` like the sentence; the server's title only
 * for a type the SPA does not know or a notification without the data it needs.
 */
export function notificationTitle(n: NotificationLike): string {
  return TITLE_BY_TYPE[n.type]?.(n.data ?? {}) ?? n.title;
}

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
