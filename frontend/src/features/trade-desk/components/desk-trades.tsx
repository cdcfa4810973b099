import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { rulesResolver } from '../../../lib/form-rules';
import { useMarketStream, type LiveQuote } from '../../../lib/market-stream';
import { closeSidePrice, unrealizedPct } from '../../../lib/live-pnl';
import { formatDate, formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Money, Percent } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { Pager } from '../../../components/ui/pager';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { useCloseTrade, useDeskTrades, useUpdateLevels, type DeskTrade } from '../api/trade-desk';
import { levelError } from './levels';
import { Button } from '../../../components/ui/button';

const REASONS: Record<string, string> = { manual: 'Manual', stop_loss: 'Stop loss', take_profit: 'Take profit', copy_stop_loss: 'Copy stop loss' };

/** The live mark (the price a close would fill at now) and unrealized pnl % of an open trade. */
export function liveMark(t: DeskTrade, quote: LiveQuote | undefined): { mark: string | null; pct: number | null } {
  const mark = quote ? closeSidePrice(t.side, quote) : t.markPrice;
  if (!mark) return { mark: null, pct: null };
  return { mark, pct: unrealizedPct(t.side, t.entryPrice, mark) };
}

/**
 * An open trade's unrealized pnl in dollars on $1,000 of a copier's equity (its position is allocation % of it): the
 * trader's own trade has no money size, so the dollar figure is per $1,000 copied. Display only (two decimals).
 */
export function perThousand(pct: number, allocationPct: number): string {
  return ((pct * allocationPct * 10) / 100).toFixed(2);
}

type LevelValues = { stopLoss: string; takeProfit: string };
/** An open trade's levels: UpdateTradeLevelsDto's price rule (through `levelError`) on the side of the live quote; blank clears. */
export function levelsResolver(side: DeskTrade['side'], quote: LiveQuote | undefined) {
  return rulesResolver<'UpdateTradeLevelsDto', LevelValues>('UpdateTradeLevelsDto', {
    stopLoss: { rule: {}, check: (sl) => levelError('stopLoss', side, sl, quote) },
    takeProfit: { rule: {}, check: (tp) => levelError('takeProfit', side, tp, quote) },
  });
}

function LevelsForm({ trade, quote, traderId }: { trade: DeskTrade; quote: LiveQuote | undefined; traderId?: string }) {
  const { trigger: saveLevels, busy } = useUpdateLevels(traderId);
  const { register, handleSubmit, setError, watch, formState } = useForm<LevelValues>({
    defaultValues: { stopLoss: trade.stopLoss ?? '', takeProfit: trade.takeProfit ?? '' },
    resolver: levelsResolver(trade.side, quote),
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [sl, tp] = watch(['stopLoss', 'takeProfit']);
  const changed = sl.trim() !== (trade.stopLoss ?? '') || tp.trim() !== (trade.takeProfit ?? '');

  async function onSubmit({ stopLoss, takeProfit }: LevelValues) {
    setFormError(null);
    try {
      await saveLevels({ id: trade.id, stopLoss: stopLoss || null, takeProfit: takeProfit || null });
      toast.success(`${trade.symbol}: levels saved`);
    } catch (err) {
      const message = errorMessage(err);
      if (/stopLoss|stop loss/i.test(message)) setError('stopLoss', { type: 'server', message: message.replace('stopLoss', 'Stop loss') });
      else if (/takeProfit|take profit/i.test(message)) setError('takeProfit', { type: 'server', message: message.replace('takeProfit', 'Take profit') });
      else setFormError(message);
    }
  }

  return (
    <form className="desk-trade__levels" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label={`Levels of ${trade.symbol}`}>
      <TextField label="Stop loss" inputMode="decimal" placeholder="none" {...register('stopLoss')} error={errors.stopLoss?.message} />
      <TextField label="Take profit" inputMode="decimal" placeholder="none" {...register('takeProfit')} error={errors.takeProfit?.message} />
      <Button writes type="submit" variant="outline" size="sm" disabled={busy || !changed}>
        {busy ? 'Saving…' : 'Save levels'}
      </Button>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
    </form>
  );
}

function OpenTrade({ trade: raw, quote, stale, traderId }: { trade: DeskTrade; quote: LiveQuote | undefined; stale: boolean; traderId?: string }) {
  const trade = { ...raw, symbol: raw.symbol || raw.pair };
  const { trigger: closeTrade } = useCloseTrade(traderId);
  const [confirming, setConfirming] = useState(false);
  const live = liveMark(trade, stale ? undefined : quote);
  async function close() {
    const answer = await closeTrade(trade.id);
    toast.success(`${trade.symbol} closed${answer?.trade?.exitPrice ? ` at ${formatPrice(answer.trade.exitPrice)}` : ''}`);
  }
  return (
    <li className={`desk-trade ${stale ? 'is-stale' : ''}`} aria-label={`Open trade ${trade.symbol}`}>
      <div>
        <strong>{trade.symbol}</strong> <span className={trade.side === 'buy' ? 'pos cap' : 'neg cap'}>{trade.side}</span>
        <span className="muted small">
          {' '}
          at {formatPrice(trade.entryPrice)} · {trade.allocationPct}% · {trade.copiedCount} copied · {formatDate(trade.openedAt)}
          {trade.trailingStopPct ? ` · trailing stop ${trade.trailingStopPct}%` : ''}
        </span>
        <div className="small">
          Mark <strong data-testid="desk-mark">{live.mark ?? '—'}</strong> · unrealized{' '}
          <span data-testid="desk-pct">
            <Percent value={live.pct === null ? null : live.pct.toFixed(2)} />
          </span>
          {live.pct !== null && (
            <span data-testid="desk-usd">
              {' '}
              (<Money value={perThousand(live.pct, trade.allocationPct)} signed colored /> per $1,000 of copier equity)
            </span>
          )}
        </div>
      </div>
      <form
        className="inline-form"
        aria-label={`Close ${trade.symbol}`}
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <span className="muted small">{live.mark ? `A close fills at about ${live.mark} now` : 'No live price'}</span>
        <Button writes type="submit" variant="outline" size="sm">
          Close at market
        </Button>
      </form>
      <LevelsForm trade={trade} quote={stale ? undefined : quote} traderId={traderId} />
      <ConfirmDialog open={confirming} title={`Close ${trade.symbol}?`} confirmLabel="Confirm close" danger onConfirm={close} onClose={() => setConfirming(false)}>
        <p>
          {trade.side === 'buy' ? 'Sells' : 'Buys back'} {trade.symbol} at the market ({live.mark ? `about ${live.mark} now` : 'no live price now'}). Every copier&apos;s position
          closes at the same price.
        </p>
      </ConfirmDialog>
    </li>
  );
}

export function OpenTrades({ traderId }: { traderId?: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useDeskTrades('open', page, traderId);
  const { quotes, status } = useMarketStream();
  return (
    <section className="card" aria-labelledby="open-trades-title">
      <h2 id="open-trades-title">Open trades</h2>
      <AsyncBlock data={data} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading open trades" isEmpty={(d) => d.items.length === 0} empty={<EmptyState title="No open trades">Open one with the ticket above.</EmptyState>}>
        {(d) => (
          <>
            <ul className="open-trades">
              {d.items.map((t) => (
                <OpenTrade key={t.id} trade={t} quote={quotes[t.symbol || t.pair]} stale={status !== 'live'} traderId={traderId} />
              ))}
            </ul>
            <Pager label="Open trade pages" page={page} pages={pageCount(d)} onPage={setPage} />
          </>
        )}
      </AsyncBlock>
    </section>
  );
}

const CLOSED_COLUMNS: Column<DeskTrade>[] = [
  { header: 'Symbol', cell: (t) => t.symbol || t.pair },
  { header: 'Side', className: 'cap', cell: (t) => t.side },
  { header: 'Entry', cell: (t) => formatPrice(t.entryPrice) },
  { header: 'Exit', cell: (t) => formatPrice(t.exitPrice) },
  { header: 'PnL', cell: (t) => <Percent value={t.pnlPct} /> },
  { header: 'Reason', cell: (t) => REASONS[t.closeReason ?? 'manual'] ?? t.closeReason },
  { header: 'Copiers\' pnl', cell: (t) => <Money value={t.copiersPnl} signed colored /> },
  { header: 'Closed', cell: (t) => formatDate(t.closedAt) },
];

export function ClosedTrades({ traderId }: { traderId?: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useDeskTrades('closed', page, traderId);
  return (
    <section className="card" aria-labelledby="closed-trades-title">
      <h2 id="closed-trades-title">Closed trades</h2>
      <DataTable
        label="Closed trades"
        regionLabel="Closed trades list"
        look="prices"
        columns={CLOSED_COLUMNS}
        rows={data?.items}
        rowKey={(t) => t.id}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading closed trades"
        empty={<EmptyState title="No closed trades yet" />}
        page={page}
        pages={pageCount(data)}
        onPage={setPage}
        pagerLabel="Closed trade pages"
      />
    </section>
  );
}
