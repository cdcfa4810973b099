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

const MARKETS = ['Forex', 'Crypto', 'Stocks'];
const PRICE = /^\d{1,12}(\.\d{1,8})?$/;

export function validateTrade(v: { market: string; pair: string; side: string; entryPrice: string; allocationPct: string }): Record<string, string> {
  const e: Record<string, string> = {};
  if (!MARKETS.includes(v.market)) e.market = 'Choose a market';
  if (!/^[A-Za-z0-9./-]{2,20}$/.test(v.pair.trim())) e.pair = 'Enter a pair like EURUSD, BTCUSDT or AAPL';
  if (v.side !== 'buy' && v.side !== 'sell') e.side = 'Choose buy or sell';
  if (!PRICE.test(v.entryPrice.trim()) || !/[1-9]/.test(v.entryPrice)) e.entryPrice = 'Enter a positive price, e.g. 1.0850';
  const pct = Number(v.allocationPct);
  if (!/^\d{1,3}$/.test(v.allocationPct.trim()) || pct < 1 || pct > 100) e.allocationPct = 'Enter a whole percentage from 1 to 100';
  return e;
}

function OpenTradeForm({ onDone, traderId }: { onDone: () => void; traderId?: string }) {
  const key = useAttemptKey();
  const [v, setV] = useState({ market: 'Forex', pair: '', side: 'buy', entryPrice: '', allocationPct: '10' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => {
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
        market: v.market,
        pair: v.pair.trim().toUpperCase(),
        side: v.side as 'buy' | 'sell',
        entryPrice: v.entryPrice.trim(),
        allocationPct: Number(v.allocationPct),
      };
      await openTrade(body, key.current(), traderId);
      key.settle();
      toast.success(`${body.side === 'buy' ? 'Buy' : 'Sell'} ${body.pair} opened`);
      setV((o) => ({ ...o, pair: '', entryPrice: '' }));
      onDone();
    } catch (error) {
      key.settle(error);
      setErrors(fieldErrors(error, ['market', 'pair', 'side', 'entryPrice', 'allocationPct']));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="open-trade-title">
      <h2 id="open-trade-title">Open a trade</h2>
      <p className="muted small">Every active copier gets a position of the allocation % of their free copy equity.</p>
      <FormError message={formError} />
      <div className="form-grid form-grid--5">
        <SelectField label="Market" value={v.market} onChange={set('market')} error={errors.market}>
          {MARKETS.map((m) => (
            <option key={m} value={m}>{m}</option>
          ))}
        </SelectField>
        <TextField label="Pair" placeholder="EURUSD" value={v.pair} onChange={set('pair')} error={errors.pair} />
        <SelectField label="Side" value={v.side} onChange={set('side')} error={errors.side}>
          <option value="buy">Buy</option>
          <option value="sell">Sell</option>
        </SelectField>
        <TextField label="Entry price" inputMode="decimal" placeholder="1.0850" value={v.entryPrice} onChange={set('entryPrice')} error={errors.entryPrice} />
        <TextField label="Allocation %" inputMode="numeric" value={v.allocationPct} onChange={set('allocationPct')} error={errors.allocationPct} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Opening…' : 'Open trade'}
      </button>
    </form>
  );
}

function CloseTradeForm({ trade, onDone, traderId }: { trade: TraderTrade; onDone: () => void; traderId?: string }) {
  const key = useAttemptKey();
  const [exit, setExit] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!PRICE.test(exit.trim()) || !/[1-9]/.test(exit)) {
      setError('Enter a positive price');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await closeTrade(trade.id, exit.trim(), key.current(), traderId);
      key.settle();
      toast.success(`${trade.pair} closed`);
      setExit('');
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
      <TextField
        label="Exit price"
        inputMode="decimal"
        placeholder={trade.entryPrice}
        value={exit}
        onChange={(e) => {
          key.reset();
          setExit(e.target.value);
        }}
        error={error}
      />
      <button type="submit" className="btn btn--outline btn--sm" disabled={busy}>
        {busy ? 'Closing…' : 'Close trade'}
      </button>
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
                            at {t.entryPrice} · {t.allocationPct}% · {t.copiedCount} copied{t.skippedCount ? `, ${t.skippedCount} skipped` : ''} · {formatDate(t.openedAt)}
                          </span>
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
