import { positionPnl, positionSize, profitShare, stopLossHit, takeProfitHit, type TradeSide } from './copy-math';

/** One of the trader's trades as the simulation replays it (the public record: no copier's money in it). */
export interface SimulatedTrade {
  id: string;
  symbol: string;
  side: TradeSide;
  allocationPct: number;
  entryPrice: string;
  openedAt: Date;
  /** null while open */
  exitPrice: string | null;
  closedAt: Date | null;
}

export interface SimulationSettings {
  /** cents put into the copy */
  amount: bigint;
  /** the trader's profit share % a copy opened now would keep (product.md §10) */
  sharePct: number;
  stopLossPct: number | null;
  takeProfitPct: number | null;
  from: Date;
  now: Date;
  /** the close-side mark of each still-open trade now (by trade id): its unrealized pnl in the final equity */
  markOf: (trade: SimulatedTrade) => string | null;
}

export interface SimulationResult {
  /** the copy's equity at the end of each UTC day from `from` to today (open positions at cost), the last one live */
  points: Array<{ t: Date; equity: bigint }>;
  /** live equity now (open positions at their marks), or what returned to cash when the copy ended */
  finalEquity: bigint;
  feesPaid: bigint;
  /** the largest fall from a peak of the equity after each settlement, in % (2 decimals, as a number) */
  maxDrawdownPct: number;
  stoppedAt: Date | null;
  stopReason: 'stop_loss' | 'take_profit' | null;
  /** trades the copy took (a position of size > 0) */
  trades: number;
}

const DAY_MS = 86_400_000;
const endOfUtcDay = (t: Date) => new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS + DAY_MS - 1);

/**
 * A copy replayed on the trader's recorded trades (product.md §12.2), by the rules of the live engine and with its
 * own functions (domain/copy-math.ts, the oracle the SQL engine is pinned to): a trade opened after `from` gets a
 * position of floor(free equity × allocation %) at the trader's fill; its close settles it at the trade's exit with
 * the pnl toward zero, the profit share above the high-water mark, and the copy guards on the equity after the
 * settlement (the settlement's check: a stop loss or take profit trips there, the copy takes no new trade and ends when
 * nothing of it is open). What the live price watcher adds between two events — a close-out at a quote on live
 * equity — is not replayed: the recorded quotes of every instant are not kept.
 */
export function simulateCopy(trades: readonly SimulatedTrade[], settings: SimulationSettings): SimulationResult {
  type Event = { at: Date; kind: 'open' | 'close'; trade: SimulatedTrade };
  const events: Event[] = [];
  for (const trade of trades) {
    if (trade.openedAt.getTime() < settings.from.getTime()) continue;
    events.push({ at: trade.openedAt, kind: 'open', trade });
    if (trade.closedAt && trade.exitPrice !== null) events.push({ at: trade.closedAt, kind: 'close', trade });
  }
  // time order (a trader's orders run one at a time); a close before an open at the same instant, then by trade id
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'close' ? -1 : 1) || Number(BigInt(a.trade.id) - BigInt(b.trade.id)));

  const invested = settings.amount;
  let equity = invested;
  let hwm = invested;
  let feesPaid = 0n;
  let stopping = false;
  let ended = false;
  let stopReason: SimulationResult['stopReason'] = null;
  let stoppedAt: Date | null = null;
  let taken = 0;
  const open = new Map<string, bigint>(); // trade id → size
  const committed = () => [...open.values()].reduce((a, b) => a + b, 0n);
  let peak = equity;
  let maxDrawdown = 0; // in basis points of the peak
  const points: SimulationResult['points'] = [];
  let day = endOfUtcDay(settings.from);
  const pointsUntil = (t: Date) => {
    while (day.getTime() < t.getTime() && day.getTime() < settings.now.getTime()) {
      points.push({ t: day, equity });
      day = new Date(day.getTime() + DAY_MS);
    }
  };

  for (const event of events) {
    if (ended) break;
    pointsUntil(event.at);
    const { trade } = event;
    if (event.kind === 'open') {
      if (stopping) continue;
      const size = positionSize(equity - committed(), trade.allocationPct);
      if (size > 0n) {
        open.set(trade.id, size);
        taken++;
      }
      continue;
    }
    const size = open.get(trade.id);
    if (size === undefined) continue;
    open.delete(trade.id);
    const pnl = positionPnl(size, trade.entryPrice, trade.exitPrice!, trade.side);
    const share = profitShare(equity + pnl, hwm, settings.sharePct);
    equity = equity + pnl - share.fee;
    hwm = share.highWaterMark;
    feesPaid += share.fee;
    if (equity > peak) peak = equity;
    else if (peak > 0n) maxDrawdown = Math.max(maxDrawdown, Number(((peak - equity) * 10_000n) / peak));
    if (!stopping) {
      if (stopLossHit(equity, invested, settings.stopLossPct)) stopReason = 'stop_loss';
      else if (takeProfitHit(equity, invested, settings.takeProfitPct)) stopReason = 'take_profit';
      stopping = stopReason !== null;
    }
    if (stopping && open.size === 0) {
      ended = true;
      stoppedAt = event.at;
    }
  }
  pointsUntil(settings.now);
  // the still-open positions at their marks now (as a copy's live equity); a trade without a mark counts at cost
  let unrealized = 0n;
  if (!ended) {
    for (const trade of trades) {
      const size = open.get(trade.id);
      const mark = size === undefined ? null : settings.markOf(trade);
      if (size !== undefined && mark !== null) unrealized += positionPnl(size, trade.entryPrice, mark, trade.side);
    }
  }
  const finalEquity = equity + unrealized;
  points.push({ t: settings.now, equity: finalEquity });
  return { points, finalEquity, feesPaid, maxDrawdownPct: maxDrawdown / 100, stoppedAt, stopReason, trades: taken };
}
