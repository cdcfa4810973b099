import { Injectable } from '@nestjs/common';
import { DomainError, formatCents, type TransactionContext } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { canonicalPrice, openPrice, slippageBps } from '../../domain/copy-math';
import { OpenTradesStore } from '../ports/open-trades-store';
import { TradeEvents, type CopiedPositionEvent } from '../ports/trade-events';

/** Why an open trade was not taken over: its market is closed, it has no fresh quote, or the size rounds to 0. */
export type OpenTradeSkipReason = 'market_closed' | 'no_quote' | 'zero_size';

export interface CopiedOpenTrade {
  tradeId: string;
  symbol: string;
  side: string;
  /** "12.50" */
  size: string;
  traderFill: string;
  copierFill: string;
}

export interface CopyOpenTradesResult {
  copied: CopiedOpenTrade[];
  skipped: Array<{ tradeId: string; symbol: string; reason: OpenTradeSkipReason }>;
}

/** delay_ms is an integer column: a trade open for more than ~24 days records the largest delay it holds. */
const MAX_DELAY_MS = 2_147_483_647;
/** slippage_bps is numeric(10, 2). */
const MAX_SLIPPAGE_BPS = 99_999_999.99;

const MARKET_SKIPS: Record<string, OpenTradeSkipReason> = { 'MARKET.CLOSED': 'market_closed', 'MARKET.NO_QUOTE': 'no_quote' };

/**
 * "Also copy the trader's open trades at today's price" (eToro's Copy Open Trades): inside the follow's
 * transaction, the new copy gets a position in each open trade of the trader, oldest first, filled at the
 * current open-side price of its symbol (ask for a buy, bid for a sell) and sized as a new trade of the
 * trader would size it on the copy's free equity at that moment. The fill receipt keeps the trader's original
 * fill beside the copier's, with the delay since the trader's quote and the slippage between the two (positive
 * = worse for the copier). A trade whose market is closed or has no fresh quote is skipped, never filled at a
 * stale price.
 */
@Injectable()
export class CopyOpenTrades {
  constructor(
    private readonly store: OpenTradesStore,
    private readonly market: MarketQuotes,
    private readonly events: TradeEvents,
  ) {}

  async execute(tx: TransactionContext, traderId: number, copy: { id: string; followerId: string }): Promise<CopyOpenTradesResult> {
    const result: CopyOpenTradesResult = { copied: [], skipped: [] };
    const published: CopiedPositionEvent[] = [];
    for (const trade of await this.store.openTrades(tx, traderId)) {
      let quote;
      try {
        quote = await this.market.executableQuote(trade.symbol);
      } catch (error) {
        const reason = error instanceof DomainError ? MARKET_SKIPS[error.code] : undefined;
        if (!reason) throw error;
        result.skipped.push({ tradeId: trade.id, symbol: trade.symbol, reason });
        continue;
      }
      const fill = canonicalPrice(openPrice(trade.side, quote));
      const quoteTime = new Date(quote.time);
      const since = (trade.quoteTime ?? trade.openedAt).getTime();
      const delayMs = Math.max(0, Math.min(MAX_DELAY_MS, quoteTime.getTime() - since));
      const slippage = Math.max(-MAX_SLIPPAGE_BPS, Math.min(MAX_SLIPPAGE_BPS, Number(slippageBps(trade.entryPrice, fill, trade.side))));
      const size = await this.store.openPosition(tx, {
        tradeId: trade.id,
        copyId: copy.id,
        followerId: copy.followerId,
        allocationPct: trade.allocationPct,
        fillPrice: fill,
        quoteTime,
        delayMs,
        slippageBps: slippage.toFixed(2),
      });
      if (size <= 0n) {
        result.skipped.push({ tradeId: trade.id, symbol: trade.symbol, reason: 'zero_size' });
        continue;
      }
      result.copied.push({ tradeId: trade.id, symbol: trade.symbol, side: trade.side, size: formatCents(size), traderFill: trade.entryPrice, copierFill: fill });
      published.push({
        tradeId: trade.id,
        symbol: trade.symbol,
        side: trade.side,
        receipt: { traderFill: trade.entryPrice, copierFill: fill, quoteTime: quoteTime.toISOString(), delayMs, slippageBps: slippage.toFixed(2) },
      });
    }
    // position_opened to the follower (other tabs, the bell's revalidation), out only if the follow commits.
    if (published.length) await this.events.positionsCopied(tx, copy.followerId, traderId, published);
    return result;
  }
}
