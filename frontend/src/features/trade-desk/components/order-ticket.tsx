import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, fieldErrors } from '../../../lib/api-client';
import { useInstruments } from '../../../lib/market-instruments';
import { useMarketStream } from '../../../lib/market-stream';
import { formatMoney, formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { LiveChart } from '../../../components/market/live-chart';
import { LiveStatus } from '../../../components/market/live-status';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { usePlaceOrder, type OrderBody } from '../api/trade-desk';
import { levelError, riskPer1000 } from './levels';
import { rangeHint, rule, withinRange } from '../../../lib/input-rules';
import { Button } from '../../../components/ui/button';

const ALLOCATION = rule('OpenTradeDto', 'allocationPct');

type Field = 'symbol' | 'side' | 'allocationPct' | 'stopLoss' | 'takeProfit';
interface Ticket {
  symbol: string;
  side: 'buy' | 'sell';
  allocationPct: string;
  stopLoss: string;
  takeProfit: string;
}

/** Puts a server refusal by the field it concerns (wrong-side level, allocation, stale quote, closed market). */
export function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = fieldErrors(error, ['symbol', 'side', 'allocationPct', 'stopLoss', 'takeProfit']);
  if (!(error instanceof ApiError)) return out;
  const message = errorMessage(error);
  switch (error.code) {
    case 'MARKET.NO_QUOTE':
      out.symbol = 'No fresh price right now (the quote is stale), so nothing was filled. Try again in a moment.';
      break;
    case 'MARKET.CLOSED':
      out.symbol = 'This market is closed now; it cannot be traded until it opens.';
      break;
    case 'MARKET.UNKNOWN_SYMBOL':
      out.symbol = 'Unknown symbol: pick one from the list.';
      break;
    case 'TRADE.INVALID_LEVEL':
      if (/stopLoss|stop loss/i.test(message)) out.stopLoss = message.replace('stopLoss', 'Stop loss');
      if (/takeProfit|take profit/i.test(message)) out.takeProfit = message.replace('takeProfit', 'Take profit');
      break;
    default:
      if (error.status === 400 && /allocation/i.test(message) && !out.allocationPct) out.allocationPct = message;
  }
  return out;
}

/**
 * The order ticket: an instrument with its live bid/ask and chart, buy/sell, allocation % and optional
 * stop loss / take profit checked against the live price, and the money at risk per $1,000 of copier
 * equity. A market order: it fills at the ask (buy) or bid (sell); every active copier follows at once.
 */
export function OrderTicket({ traderId }: { traderId?: string }) {
  const { trigger: place, busy, newAttempt } = usePlaceOrder(traderId);
  const { data: instruments } = useInstruments();
  const { quotes, status } = useMarketStream();
  const [v, setV] = useState<Ticket>({ symbol: '', side: 'buy', allocationPct: '10', stopLoss: '', takeProfit: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const set = (k: Field) => (e: { target: { value: string } }) => {
    newAttempt();
    setErrors((o) => ({ ...o, [k]: undefined }));
    setV((o) => ({ ...o, [k]: e.target.value }));
  };

  const symbol = v.symbol.trim().toUpperCase();
  const instrument = instruments?.find((i) => i.symbol === symbol);
  const quote = status === 'live' ? (quotes[symbol] ?? null) : null;
  const shownQuote = quotes[symbol] ?? instrument?.quote ?? null;
  const decimals = instrument?.priceDecimals ?? 2;
  const pct = /^\d{1,3}$/.test(v.allocationPct.trim()) ? Number(v.allocationPct) : NaN;
  const risk = riskPer1000(v.side, pct, v.stopLoss, quote);
  const reward = v.takeProfit.trim() && quote ? riskPer1000(v.side === 'buy' ? 'sell' : 'buy', pct, v.takeProfit, quote) : null;

  function validate(): Partial<Record<Field, string>> {
    const e: Partial<Record<Field, string>> = {};
    if (!instrument) e.symbol = 'Pick an instrument from the list';
    else if (!instrument.open) e.symbol = 'This market is closed now; it cannot be traded until it opens.';
    if (!withinRange(ALLOCATION, pct)) e.allocationPct = `Enter a whole percentage from ${rangeHint(ALLOCATION)}`;
    const sl = levelError('stopLoss', v.side, v.stopLoss, quote);
    const tp = levelError('takeProfit', v.side, v.takeProfit, quote);
    if (sl) e.stopLoss = sl;
    if (tp) e.takeProfit = tp;
    return e;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = validate();
    setErrors(next);
    setFormError(null);
    setFilled(null);
    if (Object.values(next).some(Boolean)) return;
    try {
      const body: OrderBody = {
        symbol,
        side: v.side,
        allocationPct: pct,
        ...(v.stopLoss.trim() ? { stopLoss: v.stopLoss.trim() } : {}),
        ...(v.takeProfit.trim() ? { takeProfit: v.takeProfit.trim() } : {}),
      };
      const answer = await place(body);
      const fill = answer?.trade?.entryPrice;
      const text = `${body.side === 'buy' ? 'Buy' : 'Sell'} ${body.symbol} filled${fill ? ` at ${fill}` : ''}`;
      setFilled(text);
      toast.success(text);
      setV((o) => ({ ...o, stopLoss: '', takeProfit: '' }));
    } catch (error) {
      const byField = serverFieldErrors(error);
      setErrors(byField);
      setFormError(Object.values(byField).some(Boolean) ? null : errorMessage(error));
    }
  }

  return (
    <section className="card stack" aria-labelledby="ticket-title">
      <div className="ticket">
        <form className="ticket__form" onSubmit={onSubmit} noValidate aria-labelledby="ticket-title">
          <header className="page-head">
            <h2 id="ticket-title">Open a trade</h2>
            <LiveStatus status={status} />
          </header>
          <p className="muted small">A market order: it fills at the ask (buy) or the bid (sell); every active copier gets a position at the same price.</p>
          <FormError message={formError} />
          <TextField label="Symbol" list="ticket-instruments" placeholder="BTCUSDT" autoComplete="off" value={v.symbol} onChange={set('symbol')} error={errors.symbol} />
          <datalist id="ticket-instruments">
            {instruments?.map((i) => (
              <option key={i.symbol} value={i.symbol}>
                {i.name}
              </option>
            ))}
          </datalist>
          <div className={`quote-pair ${status !== 'live' ? 'is-stale' : ''}`} data-testid="ticket-quote">
            <span>
              Bid <strong>{shownQuote ? formatPrice(shownQuote.bid, decimals) : '—'}</strong>
            </span>
            <span>
              Ask <strong>{shownQuote ? formatPrice(shownQuote.ask, decimals) : '—'}</strong>
            </span>
            {instrument && !instrument.open && <span className="muted">market closed</span>}
          </div>
          <div className="form-grid form-grid--2">
            <SelectField label="Side" value={v.side} onChange={set('side')} error={errors.side}>
              <option value="buy">Buy</option>
              <option value="sell">Sell</option>
            </SelectField>
            <TextField label="Allocation %" inputMode="numeric" value={v.allocationPct} onChange={set('allocationPct')} error={errors.allocationPct} />
            <TextField label="Stop loss" inputMode="decimal" placeholder="optional" value={v.stopLoss} onChange={set('stopLoss')} error={errors.stopLoss} />
            <TextField label="Take profit" inputMode="decimal" placeholder="optional" value={v.takeProfit} onChange={set('takeProfit')} error={errors.takeProfit} />
          </div>
          <p className="small" data-testid="risk">
            {risk === null
              ? 'Money at risk per $1,000 of copier equity: —'
              : `Money at risk per $1,000 of copier equity: ${formatMoney(risk)}${v.stopLoss.trim() ? ' at the stop loss' : ' (no stop loss: the whole position)'}`}
            {reward !== null && ` · gain at the take profit: ${formatMoney(reward)}`}
          </p>
          <Button writes type="submit" variant="primary" disabled={busy}>
            {busy ? 'Opening…' : 'Open trade'}
          </Button>
          {filled && (
            <p className="muted small" role="status">
              {filled}
            </p>
          )}
        </form>
        <div className="ticket__chart">{instrument ? <LiveChart key={instrument.symbol} symbol={instrument.symbol} /> : <p className="muted">Pick an instrument to see its chart.</p>}</div>
      </div>
    </section>
  );
}
