import { formatCents } from '@mirrorline/shared';
import type { SkipReason } from './copy';
import type { CopyCloseReason } from './copy-math';

/**
 * The followers' notification texts of copy trading, each written once (the settlement's, the outbox's and the owner's
 * stop all build theirs here). A notice has the shape of @mirrorline/notifications' NotificationInput; `data` carries
 * what the SPA writes its own title and sentence from, the texts stay for mail and logs.
 */
export interface CopyNotice {
  userId: string;
  type: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/** copy_ended: the copy stopped with nothing open, and its equity went back to its owner's cash (with the trader when known). */
export function copyEndedNotice(followerId: string, copyId: string, returned: bigint, trader?: string): CopyNotice {
  return {
    userId: followerId,
    type: 'copy_ended',
    title: trader === undefined ? 'Your copy has ended' : `Your copy of ${trader} has ended`,
    body: `${formatCents(returned)} USD returned to your balance.`,
    data: { copyId, returned: returned.toString(), ...(trader === undefined ? {} : { trader }) },
  };
}

/** A copy a close-out closed out (one entry of its outbox row). */
export interface ClosedOutCopy {
  followerId: string;
  copyId: string;
  trader: string;
  reason: CopyCloseReason;
  pnl: bigint;
  /** the equity returned to cash when the copy ended, null when it goes on */
  returned: bigint | null;
}

const CLOSE_OUT_GUARDS: Partial<Record<CopyCloseReason, { title: string; body: string }>> = {
  copy_stop_loss: { title: 'Copy stop loss reached', body: "Your copy's live equity fell to its stop loss: its open positions were closed at the market." },
  copy_take_profit: { title: 'Copy take profit reached', body: "Your copy's live equity reached its take profit: its open positions were closed at the market." },
};

/**
 * A close-out's notices, by follower: guard_hit for a guard (the owner's own stop or close needs no notification of
 * it), then copy_ended for a copy that ended.
 */
export function closeOutNotices(copies: readonly ClosedOutCopy[]): CopyNotice[] {
  const notices = copies.flatMap((c) => {
    const guard = CLOSE_OUT_GUARDS[c.reason];
    return [
      ...(guard
        ? [
            {
              userId: c.followerId,
              type: 'guard_hit',
              title: `${guard.title}: your copy of ${c.trader} was closed out`,
              body: guard.body,
              data: { copyId: c.copyId, guard: c.reason, pnl: c.pnl.toString(), trader: c.trader },
            },
          ]
        : []),
      ...(c.returned === null ? [] : [copyEndedNotice(c.followerId, c.copyId, c.returned, c.trader)]),
    ];
  });
  return byFollower(notices);
}

/** The trade a notice is about. */
export interface NoticeTrade {
  tradeId: string;
  pair: string;
  side: string;
  trader: string;
}

/** A follower the fan-out copied (size) or skipped (reason). */
export type OpenedCopy = { followerId: string; copyId: string } & ({ size: bigint; reason: null } | { size: null; reason: SkipReason });

const SKIP_BODIES: Record<SkipReason, string> = {
  paused: 'Your copy is paused.',
  stopping: 'Your copy is stopping: it takes no new trades.',
  zero_size: 'Your free copy equity is too small for this trade.',
  daily_loss_limit: 'Your realised copy losses today reached your daily loss limit.',
};

/** The fan-out's notices, in the order given: copy_opened with the size, or copy_skipped (guard_hit for the daily loss limit). */
export function openedNotices(trade: NoticeTrade, copies: readonly OpenedCopy[]): CopyNotice[] {
  const tradeId = Number(trade.tradeId);
  const opened = `Copied ${trade.side} ${trade.pair} from ${trade.trader}`;
  return copies.map((c) => {
    if (c.reason === null) {
      return {
        userId: c.followerId,
        type: 'copy_opened',
        title: opened,
        body: `Position size ${formatCents(c.size)} USD`,
        data: { tradeId, copyId: c.copyId, size: Number(c.size), pair: trade.pair, side: trade.side, trader: trade.trader },
      };
    }
    const limit = c.reason === 'daily_loss_limit';
    return {
      userId: c.followerId,
      type: limit ? 'guard_hit' : 'copy_skipped',
      title: `${limit ? 'Daily loss limit reached: ' : 'Trade '}${trade.pair} not copied`,
      body: SKIP_BODIES[c.reason],
      data: { tradeId, copyId: c.copyId, reason: c.reason, pair: trade.pair },
    };
  });
}

/** A position the trade's close settled. */
export interface SettledCopy {
  followerId: string;
  copyId: string;
  pnl: bigint;
  fee: bigint;
}

/** The close's copy_closed notices, in the order given: the position's pnl and the trade's, with the profit share paid. */
export function closedNotices(trade: Pick<NoticeTrade, 'tradeId' | 'pair'>, pnlPct: string, positions: readonly SettledCopy[]): CopyNotice[] {
  const tradeId = Number(trade.tradeId);
  return positions.map((p) => ({
    userId: p.followerId,
    type: 'copy_closed',
    title: `${trade.pair} closed: ${p.pnl >= 0n ? '+' : '-'}${formatCents(p.pnl < 0n ? -p.pnl : p.pnl)} USD`,
    body: `Trade pnl ${pnlPct} %${p.fee > 0n ? `, profit share ${formatCents(p.fee)} USD` : ''}`,
    data: { tradeId, copyId: p.copyId, pnl: p.pnl.toString(), fee: p.fee.toString(), pair: trade.pair, pnlPct },
  }));
}

/** A live copy whose profit share differs from its trader's new one. */
export interface ShareHolder {
  followerId: string;
  copyId: string;
  share: number;
}

/** profit_share_changed to each follower of a trader whose share changed: their copy keeps its own until they accept. */
export function profitShareChangedNotices(trader: { id: number; name: string }, newShare: number, copies: readonly ShareHolder[]): CopyNotice[] {
  return copies.map((c) => ({
    userId: c.followerId,
    type: 'profit_share_changed',
    title: `${trader.name} changed their profit share to ${newShare} %`,
    body: `Your copy keeps its profit share of ${c.share} %. The new share applies to new copies; you may accept it for yours.`,
    data: { copyId: c.copyId, traderId: trader.id, trader: trader.name, share: c.share, newShare },
  }));
}

/** Sorted by follower (stable: a follower's notices keep their order), so the inserts walk the (user_id, id) key in order. */
function byFollower(notices: CopyNotice[]): CopyNotice[] {
  return notices.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}
