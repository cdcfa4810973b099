import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { formatDate } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { StatusBadge } from '../../../components/ui/badge';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { Money, Percent } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { closeTrade } from '../api/close-trade';
import { useTraderTrades, type TraderTrade } from '../api/get-trader-trades';
import { openTrade, type OpenTradeBody } from '../api/open-trade';
import { Pager } from '../../../components/ui/pager';

const PRICE = /^\d{1,12}(\.\d{1,8})?$/;

export interface TradeForm {
  symbol: string;
  side: string;
  allocationPct: string;
  stopLoss: string;
  takeProfit: string;
}

const validPrice = (p: string) => PRICE.test(p.trim()) && /[1-9]/.test(p);

/** A market order: symbol, side, allocation and optional stop loss / take profit. No price: it fills at the market. */
export function validateTrade(v: TradeForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!/^[A-Za-z0-9./-]{2,16}$/.test(v.symbol.trim())) e.symbol = 'Enter a symbol like EURUSD, BTCUSDT or AAPL';
  if (v.side !== 'buy' && v.side !== 'sell') e.side = 'Choose buy or sell';
  const pct = Number(v.allocationPct);
  if (!/^\d{1,3}$/.test(v.allocationPct.trim()) || pct < 1 || pct > 100) e.allocationPct = 'Enter a whole percentage from 1 to 100';
  if (v.stopLoss.trim() && !validPrice(v.stopLoss)) e.stopLoss = 'Enter a positive price, or leave it empty';
  if (v.takeProfit.trim() && !validPrice(v.takeProfit)) e.takeProfit = 'Enter a positive price, or leave it empty';
  return e;
}

function OpenTradeForm({ onDone, traderId }: { onDone: () => void; traderId?: string }) {
  const key = useAttemptKey();
  const [v, setV] = useState<TradeForm>({ symbol: '', side: 'buy', allocationPct: '10', stopLoss: '', takeProfit: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof TradeForm) => (e: { target: { value: string } }) => {
    key.reset();
    setV((o) => ({ ...o, [k]: e.target.value }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = validateTrade(v);
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const body: OpenTradeBody = {
        symbol: v.symbol.trim().toUpperCase(),
        side: v.side as 'buy' | 'sell',
        allocationPct: Number(v.allocationPct),
        ...(v.stopLoss.trim() ? { stopLoss: v.stopLoss.trim() } : {}),
        ...(v.takeProfit.trim() ? { takeProfit: v.takeProfit.trim() } : {}),
      };
      const answer = await openTrade(body, key.current(), traderId);
      key.settle();
      const fill = answer?.trade?.entryPrice;
      const text = `${body.side === 'buy' ? 'Buy' : 'Sell'} ${body.symbol} filled${fill ? ` at ${fill}` : ''}`;
      setFilled(text);
      toast.success(text);
      setV((o) => ({ ...o, symbol: '', stopLoss: '', takeProfit: '' }));
      onDone();
    } catch (error) {
      key.settle(error);
      setErrors(fieldErrors(error, ['symbol', 'side', 'allocationPct', 'stopLoss', 'takeProfit']));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="open-trade-title">
      <h2 id="open-trade-title">Open a trade</h2>
      <p className="muted small">
        A market order: it fills at the current ask (buy) or bid (sell), and every active copier gets a position of the allocation % of their free
        copy equity at the same price.
      </p>
      <FormError message={formError} />
      <div className="form-grid form-grid--5">
        <TextField label="Symbol" placeholder="BTCUSDT" value={v.symbol} onChange={set('symbol')} error={errors.symbol} />
        <SelectField label="Side" value={v.side} onChange={set('side')} error={errors.side}>
          <option value="buy">Buy</option>
          <option value="sell">Sell</option>
        </SelectField>
        <TextField label="Allocation %" inputMode="numeric" value={v.allocationPct} onChange={set('allocationPct')} error={errors.allocationPct} />
        <TextField label="Stop loss" inputMode="decimal" placeholder="optional" value={v.stopLoss} onChange={set('stopLoss')} error={errors.stopLoss} />
        <TextField label="Take profit" inputMode="decimal" placeholder="optional" value={v.takeProfit} onChange={set('takeProfit')} error={errors.takeProfit} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Opening…' : 'Open trade'}
      </button>
      {filled && (
        <p className="muted small" role="status">
          {filled}
        </p>
      )}
    </form>
  );
}

function CloseTradeForm({ trade, onDone, traderId }: { trade: TraderTrade; onDone: () => void; traderId?: string }) {
  const key = useAttemptKey();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const answer = await closeTrade(trade.id, key.current(), traderId);
      key.settle();
      const exit = answer?.trade?.exitPrice;
      toast.success(`${trade.pair} closed${exit ? ` at ${exit}` : ''}`);
      onDone();
    } catch (err) {
      key.settle(err);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form" onSubmit={onSubmit} noValidate aria-label={`Close ${trade.pair}`}>
      <span className="muted small">{trade.markPrice ? `Closes at about ${trade.markPrice}` : 'No live price'}</span>
      <button type="submit" className="btn btn--outline btn--sm" disabled={busy}>
        {busy ? 'Closing…' : 'Close at market'}
      </button>
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

/** `traderId`: the trader an Admin acts for (a Trader acts on its own profile and passes none). */
export function TradeManagement({ traderId, scope }: { traderId?: string; scope?: ReactNode } = {}) {
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useTraderTrades(page, traderId);
  const refresh = () => void mutate();
  const open = result?.items.filter((t) => t.status === 'open') ?? [];
  const closed = result?.items.filter((t) => t.status !== 'open') ?? [];
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 20))) : 1;
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Trade management</h1>
        <p className="muted">Open and close trades; your copiers follow them at once. The list refreshes every few seconds.</p>
      </header>
      {scope}
      <OpenTradeForm onDone={refresh} traderId={traderId} />
      <section className="card" aria-labelledby="my-trades-title">
        <h2 id="my-trades-title">My trades</h2>
        <AsyncBlock
          data={result}
          error={error}
          isLoading={isLoading}
          onRetry={refresh}
          loadingLabel="Loading trades"
          isEmpty={(r) => r.items.length === 0}
          empty={<EmptyState title="No trades yet">Open your first trade above.</EmptyState>}
        >
          {() => (
            <>
              {open.length > 0 && (
                <>
                  <h3>Open</h3>
                  <ul className="open-trades">
                    {open.map((t) => (
                      <li key={t.id} className="open-trade" aria-label={`Open trade ${t.pair}`}>
                        <div className="open-trade__info">
                          <strong>{t.pair}</strong> <span className="badge badge--blue">{t.market}</span>{' '}
                          <span className={t.side === 'buy' ? 'pos cap' : 'neg cap'}>{t.side}</span>
                          <span className="muted small">
                            {' '}
                            filled at {t.entryPrice} · {t.allocationPct}% · {t.copiedCount} copied{t.skippedCount ? `, ${t.skippedCount} skipped` : ''} · {formatDate(t.openedAt)}
                            {t.stopLoss ? ` · SL ${t.stopLoss}` : ''}
                            {t.takeProfit ? ` · TP ${t.takeProfit}` : ''}
                          </span>
                          {t.unrealizedPnlPct !== null && (
                            <span className="small">
                              {' '}
                              · unrealized <Percent value={t.unrealizedPnlPct} />
                            </span>
                          )}
                        </div>
                        <CloseTradeForm trade={t} onDone={refresh} traderId={traderId} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {closed.length > 0 && (
                <>
                  <h3>Closed</h3>
                  <div className="table-wrap">
                    <table className="table" aria-label="Closed trades">
                      <thead>
                        <tr>
                          <th scope="col">Pair</th>
                          <th scope="col">Market</th>
                          <th scope="col">Side</th>
                          <th scope="col">Entry</th>
                          <th scope="col">Exit</th>
                          <th scope="col">PnL</th>
                          <th scope="col">Reason</th>
                          <th scope="col">Copiers PnL</th>
                          <th scope="col">Closed</th>
                          <th scope="col">Status</th>
                        </tr>
                      </thead>
                      <tbody>
                        {closed.map((t) => (
                          <tr key={t.id}>
                            <td>{t.pair}</td>
                            <td>{t.market}</td>
                            <td className="cap">{t.side}</td>
                            <td>{t.entryPrice}</td>
                            <td>{t.exitPrice ?? '—'}</td>
                            <td><Percent value={t.pnlPct} /></td>
                            <td>{t.closeReason ? t.closeReason.replace('_', ' ') : '—'}</td>
                            <td><Money value={t.copiersPnl} signed colored /></td>
                            <td>{formatDate(t.closedAt)}</td>
                            <td><StatusBadge status={t.status} /></td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
              <Pager label="Trade pages" page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </AsyncBlock>
      </section>
    </div>
  );
}
