import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage, fieldErrors } from '../../../lib/api-client';
import { rulesResolver, wholePercent } from '../../../lib/form-rules';
import { useInstruments, type Instrument } from '../../../lib/market-instruments';
import { useMarketStream } from '../../../lib/market-stream';
import { formatMoney, formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { LiveChart } from '../../../components/market/live-chart';
import type { ChartLevel } from '../../../components/market/candle-chart';
import { LiveStatus } from '../../../components/market/live-status';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { Link } from 'react-router-dom';
import { useSession } from '../../../lib/auth-session';
import { usePlaceOrder, type OrderBody, type OrderType } from '../api/trade-desk';
import { entryPriceError, expiryError, levelError, riskPer1000, trailingError, type TicketQuote } from './levels';
import { rule } from '../../../lib/input-rules';
import { Button } from '../../../components/ui/button';

const ALLOCATION = rule('OpenTradeDto', 'allocationPct');

type Field = 'symbol' | 'side' | 'allocationPct' | 'stopLoss' | 'takeProfit' | 'type' | 'price' | 'expiresAt' | 'trailingStopPct';
interface Ticket {
  symbol: string;
  side: 'buy' | 'sell';
  allocationPct: string;
  stopLoss: string;
  takeProfit: string;
  type: OrderType;
  price: string;
  /** a datetime-local value (the browser's time zone), or empty: good till cancelled */
  expiresAt: string;
  trailingStopPct: string;
}

const EMPTY_TICKET: Ticket = { symbol: '', side: 'buy', allocationPct: '10', stopLoss: '', takeProfit: '', type: 'market', price: '', expiresAt: '', trailingStopPct: '' };
/** What a placed order clears: its prices and expiry (the instrument, side, allocation and type stay). */
const PLACED: Partial<Ticket> = { stopLoss: '', takeProfit: '', price: '', expiresAt: '', trailingStopPct: '' };

/** Where the ticket's levels are checked against: a pending order's own price, a market order's live quote. */
function referenceOf(v: Ticket, quote: TicketQuote | null): TicketQuote | null {
  if (v.type === 'market') return quote;
  return v.price && !entryPriceError(v.side, v.type, v.price, null) ? { bid: v.price, ask: v.price } : null;
}

/**
 * The ticket's checks: OpenTradeDto's allocation range and, through `levels.ts`, its price and trailing-stop rules,
 * against the live quote (the sides of the stop loss, take profit and a pending order's price) and the instrument list.
 */
export function ticketResolver(instruments: readonly Instrument[] | undefined, liveQuote: (symbol: string) => TicketQuote | null) {
  const pending = (v: Ticket) => v.type !== 'market';
  return rulesResolver<'OpenTradeDto', Ticket>('OpenTradeDto', {
    symbol: {
      parse: (text) => text.toUpperCase(),
      check: (symbol) => {
        const instrument = instruments?.find((i) => i.symbol === symbol);
        if (!instrument) return 'Pick an instrument from the list';
        return instrument.open ? undefined : 'This market is closed now; it cannot be traded until it opens.';
      },
    },
    allocationPct: wholePercent(ALLOCATION),
    // a market order has no price or expiry: what a pending order left in them is not checked (nor sent)
    price: { rule: {}, check: (price, v) => (pending(v) ? entryPriceError(v.side, v.type as 'limit' | 'stop', price, liveQuote(v.symbol)) : undefined) },
    expiresAt: { check: (at, v) => (pending(v) ? expiryError(at, new Date()) : undefined) },
    trailingStopPct: { rule: {}, check: trailingError },
    stopLoss: { rule: {}, check: (sl, v) => levelError('stopLoss', v.side, sl, referenceOf(v, liveQuote(v.symbol))) },
    takeProfit: { rule: {}, check: (tp, v) => levelError('takeProfit', v.side, tp, referenceOf(v, liveQuote(v.symbol))) },
  });
}

/** Puts a server refusal by the field it concerns (wrong-side level, allocation, stale quote, closed market). */
export function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = fieldErrors(error, ['symbol', 'side', 'allocationPct', 'stopLoss', 'takeProfit', 'type', 'price', 'expiresAt', 'trailingStopPct']);
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
    case 'ORDER.WRONG_SIDE':
      out.price = message.replace(/^price/, 'The price');
      break;
    case 'ORDER.INVALID_EXPIRY':
      out.expiresAt = message.replace('expiresAt', 'The expiry');
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

/** The ticket's prices as lines on the chart: a pending order's entry, the stop loss and the take profit typed so far. */
export function chartLevels(v: Pick<Ticket, 'type' | 'price' | 'stopLoss' | 'takeProfit'>): ChartLevel[] {
  const at = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);
  const levels: ChartLevel[] = [];
  const entry = v.type !== 'market' ? at(v.price) : null;
  if (entry !== null) levels.push({ kind: 'entry', price: entry, title: v.type === 'limit' ? 'Limit' : 'Stop entry' });
  const sl = at(v.stopLoss);
  if (sl !== null) levels.push({ kind: 'stopLoss', price: sl, title: 'Stop loss' });
  const tp = at(v.takeProfit);
  if (tp !== null) levels.push({ kind: 'takeProfit', price: tp, title: 'Take profit' });
  return levels;
}

/**
 * The order ticket: an instrument with its live bid/ask and chart, buy/sell, allocation % and optional
 * stop loss / take profit checked against the live price, and the money at risk per $1,000 of copier
 * equity. A market order fills at the ask (buy) or bid (sell); every active copier follows at once. A limit or
 * stop order (product.md §12.5) waits for the quote to reach its price, then fills the same way; a trailing stop
 * moves the stop loss after the best price. The KYC requirement is stated before the form.
 */
export function OrderTicket({ traderId }: { traderId?: string }) {
  const { trigger: place, busy, newAttempt } = usePlaceOrder(traderId);
  const { data: instruments } = useInstruments();
  const { quotes, status } = useMarketStream();
  const session = useSession();
  const liveQuote = (symbol: string) => (status === 'live' ? (quotes[symbol] ?? null) : null);
  const { register, handleSubmit, setError, reset, getValues, watch, formState } = useForm<Ticket>({ defaultValues: EMPTY_TICKET, resolver: ticketResolver(instruments, liveQuote) });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const v = watch();
  const field = (name: Field) => register(name, { onChange: newAttempt });

  const symbol = v.symbol.trim().toUpperCase();
  const instrument = instruments?.find((i) => i.symbol === symbol);
  const quote = liveQuote(symbol);
  const shownQuote = quotes[symbol] ?? instrument?.quote ?? null;
  const decimals = instrument?.priceDecimals ?? 2;
  const pct = /^\d{1,3}$/.test(v.allocationPct.trim()) ? Number(v.allocationPct) : NaN;
  // A pending order's levels and risk are against its own price; a market order's against the live quote.
  const reference = referenceOf({ ...v, price: v.price.trim() }, quote);
  const risk = riskPer1000(v.side, pct, v.stopLoss, reference);
  const reward = v.takeProfit.trim() && reference ? riskPer1000(v.side === 'buy' ? 'sell' : 'buy', pct, v.takeProfit, reference) : null;
  const kycMissing = !traderId && session.KYCstring !== 'Verified';

  async function onSubmit(t: Ticket) {
    setFormError(null);
    setFilled(null);
    try {
      const body: OrderBody = {
        symbol: t.symbol,
        side: t.side,
        allocationPct: Number(t.allocationPct),
        ...(t.stopLoss ? { stopLoss: t.stopLoss } : {}),
        ...(t.takeProfit ? { takeProfit: t.takeProfit } : {}),
        ...(t.trailingStopPct ? { trailingStopPct: Number(t.trailingStopPct) } : {}),
        ...(t.type !== 'market' ? { type: t.type, price: t.price } : {}),
        ...(t.type !== 'market' && t.expiresAt ? { expiresAt: new Date(t.expiresAt).toISOString() } : {}),
      };
      const answer = await place(body);
      const sideName = body.side === 'buy' ? 'Buy' : 'Sell';
      const fill = 'trade' in answer ? answer.trade.entryPrice : undefined;
      const text =
        'status' in answer && answer.status === 'pending'
          ? `${sideName} ${t.type} ${body.symbol} at ${answer.price ?? body.price}: pending until the price is reached`
          : `${sideName} ${body.symbol} filled${fill ? ` at ${fill}` : ''}`;
      setFilled(text);
      toast.success(text);
      reset({ ...getValues(), ...PLACED });
    } catch (error) {
      const byField = serverFieldErrors(error);
      for (const [name, message] of Object.entries(byField)) if (message) setError(name as Field, { type: 'server', message });
      setFormError(Object.values(byField).some(Boolean) ? null : errorMessage(error));
    }
  }

  return (
    <section className="card stack" aria-labelledby="ticket-title">
      <div className="ticket">
        <form className="ticket__form" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="ticket-title">
          <header className="page-head">
            <h2 id="ticket-title">Open a trade</h2>
            <LiveStatus status={status} />
          </header>
          <p className="small" data-testid="ticket-kyc">
            Opening trades requires identity verification (KYC Verified): your copiers&apos; money follows your trades.
          </p>
          {kycMissing && (
            <p className="form-error" role="alert">
              Your identity is not verified yet, so orders will be refused. <Link to="/kycverification">Verify your identity</Link> first.
            </p>
          )}
          <p className="muted small">
            {v.type === 'market'
              ? 'A market order: it fills at the ask (buy) or the bid (sell); every active copier gets a position at the same price.'
              : v.type === 'limit'
                ? 'A limit order waits until the price comes to yours (a buy below the ask, a sell above the bid), then fills at that price or better, copiers at the same fill. It reserves nothing until then.'
                : 'A stop order waits until the price breaks through yours (a buy above the ask, a sell below the bid), then fills at the market, copiers at the same fill. It reserves nothing until then.'}
          </p>
          <FormError message={formError} />
          <TextField label="Symbol" list="ticket-instruments" placeholder="BTCUSDT" autoComplete="off" {...field('symbol')} error={errors.symbol?.message} />
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
          <fieldset className="side-toggle">
            <legend className="field__label">Side</legend>
            {(['buy', 'sell'] as const).map((side) => {
              const name = side === 'buy' ? 'Buy' : 'Sell';
              const price = shownQuote ? formatPrice(side === 'buy' ? shownQuote.ask : shownQuote.bid, decimals) : null;
              return (
                <label key={side} className={`side-toggle__option side-toggle__option--${side}${v.side === side ? ' is-on' : ''}`}>
                  <input type="radio" {...field('side')} value={side} aria-label={price ? `${name} at ${price}` : name} />
                  <span className="side-toggle__name" aria-hidden="true">{name}</span>
                  <span className="side-toggle__price" aria-hidden="true">{price ?? '—'}</span>
                </label>
              );
            })}
            {errors.side && <p className="field__error">{errors.side.message}</p>}
          </fieldset>
          <div className="form-grid form-grid--2">
            <TextField label="Allocation %" inputMode="numeric" {...field('allocationPct')} error={errors.allocationPct?.message} />
            <SelectField label="Order type" {...field('type')} error={errors.type?.message}>
              <option value="market">Market</option>
              <option value="limit">Limit</option>
              <option value="stop">Stop</option>
            </SelectField>
            {v.type !== 'market' && (
              <>
                <TextField label={v.type === 'limit' ? 'Limit price' : 'Stop price'} inputMode="decimal" {...field('price')} error={errors.price?.message} />
                <TextField label="Expires" type="datetime-local" hint="optional; at most 30 days" {...field('expiresAt')} error={errors.expiresAt?.message} />
              </>
            )}
            <TextField label="Stop loss" inputMode="decimal" placeholder="optional" {...field('stopLoss')} error={errors.stopLoss?.message} />
            <TextField label="Take profit" inputMode="decimal" placeholder="optional" {...field('takeProfit')} error={errors.takeProfit?.message} />
            <TextField label="Trailing stop %" inputMode="decimal" placeholder="optional" hint="the stop loss follows the best price by this %" {...field('trailingStopPct')} error={errors.trailingStopPct?.message} />
          </div>
          <p className="small" data-testid="risk">
            {risk === null
              ? 'Money at risk per $1,000 of copier equity: —'
              : `Money at risk per $1,000 of copier equity: ${formatMoney(risk)}${v.stopLoss.trim() ? ' at the stop loss' : ' (no stop loss: the whole position)'}`}
            {reward !== null && ` · gain at the take profit: ${formatMoney(reward)}`}
          </p>
          <Button writes type="submit" variant="primary" disabled={busy}>
            {busy ? 'Sending…' : v.type === 'market' ? 'Open trade' : 'Place order'}
          </Button>
          {filled && (
            <p className="muted small" role="status">
              {filled}
            </p>
          )}
        </form>
        <div className="ticket__chart">
          {instrument ? <LiveChart key={instrument.symbol} symbol={instrument.symbol} levels={chartLevels(v)} /> : <p className="muted">Pick an instrument to see its chart.</p>}
        </div>
      </div>
    </section>
  );
}
