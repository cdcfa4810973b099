import { marketKeys } from '../../../lib/query-keys';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../../lib/api-client';
import type { Instrument } from '../../../lib/market-instruments';
import type { LiveQuote } from '../../../lib/market-stream';
import { useLiveEvents } from '../../../lib/live-events';
import { formatDate, formatPrice } from '../../../lib/money';
import { keyMatches } from '../../../lib/swr-keys';
import { toast } from '../../../lib/toast';
import { CheckboxField, FormError, SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { EmptyState, InlineError, LoadingState } from '../../../components/ui/states';
import { useAlerts, useCreateAlert, useDeleteAlert, type PriceAlert } from '../api/alerts';

type Direction = 'above' | 'below';

/** The direction a price suggests against the live bid: above it (or at it) → `above`, under it → `below`. */
export function directionFor(price: string, bid: string | undefined): Direction {
  return bid === undefined || !(Number(price) < Number(bid)) ? 'above' : 'below';
}

function AlertLine({ alert, decimals, onDelete, busy }: { alert: PriceAlert; decimals: number; onDelete: () => void; busy: boolean }) {
  const what = `${alert.direction === 'above' ? 'At or above' : 'At or below'} ${formatPrice(alert.price, decimals)}`;
  return (
    <li data-alert={alert.id} className={alert.status === 'triggered' ? 'alert-line is-triggered' : 'alert-line'}>
      <span>
        <strong>{what}</strong>
        {alert.notifyByEmail && <span className="muted small"> · email</span>}{' '}
        {alert.status === 'triggered' ? (
          <Badge tone="green">Triggered at {formatPrice(alert.triggeredPrice, decimals)}, {formatDate(alert.triggeredAt)}</Badge>
        ) : (
          <Badge tone="blue">Active</Badge>
        )}
      </span>
      <Button size="sm" disabled={busy} onClick={onDelete} aria-label={`Delete alert: ${what}`}>
        Delete
      </Button>
    </li>
  );
}

/**
 * Price alerts of one instrument (its market page): create one with the price prefilled from the live bid and the
 * direction following the price until it is picked by hand; my alerts on it, active and recently triggered, each
 * with Delete. A triggered alert raises a notification (the bell); this list refreshes on it too.
 */
export function AlertsPanel({ instrument, quote }: { instrument: Instrument; quote: LiveQuote | null }) {
  const { mutate } = useSWRConfig();
  const alerts = useAlerts(true);
  const create = useCreateAlert();
  const remove = useDeleteAlert();
  const [price, setPrice] = useState<string | null>(null);
  const [direction, setDirection] = useState<Direction | null>(null);
  const [email, setEmail] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  useLiveEvents((e) => {
    if (e.type === 'notification' || e.type === 'reconnected') void mutate(keyMatches(marketKeys.alertsAll));
  });

  const bid = quote?.bid;
  const shownPrice = price ?? (bid ? formatPrice(bid, instrument.priceDecimals).replace(/,/g, '') : '');
  const shownDirection = direction ?? directionFor(shownPrice, bid);
  const mine = (alerts.data?.items ?? []).filter((a) => a.symbol === instrument.symbol);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const value = shownPrice.trim();
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) return setFormError('Enter a price above zero');
    setFormError(null);
    try {
      const created = await create.trigger({ symbol: instrument.symbol, direction: shownDirection, price: value, notifyByEmail: email });
      toast.success(created.status === 'triggered' ? 'The price is already there: the alert fired at once' : 'Alert created');
      setPrice(null);
      setDirection(null);
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card alerts-panel" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Price alerts</h2>
      <form onSubmit={onSubmit} noValidate aria-label={`New price alert on ${instrument.symbol}`} className="alerts-form">
        <FormError message={formError} />
        <SelectField label="When the bid is" value={shownDirection} onChange={(e) => setDirection(e.target.value as Direction)}>
          <option value="above">At or above</option>
          <option value="below">At or below</option>
        </SelectField>
        <TextField
          label="Price"
          inputMode="decimal"
          value={shownPrice}
          onChange={(e) => setPrice(e.target.value)}
          hint={bid ? `Bid now ${formatPrice(bid, instrument.priceDecimals)}; up to ${instrument.priceDecimals} decimals` : `Up to ${instrument.priceDecimals} decimals`}
        />
        <CheckboxField label="Also email me" checked={email} onChange={(e) => setEmail(e.target.checked)} />
        <Button type="submit" variant="primary" busy={create.busy}>
          Create alert
        </Button>
      </form>
      {alerts.error ? (
        <InlineError error={alerts.error} onRetry={() => void alerts.mutate()} />
      ) : !alerts.data ? (
        <LoadingState label="Loading your alerts" />
      ) : mine.length === 0 ? (
        <EmptyState title="No alerts on this instrument">An alert fires once, at the first quote at or beyond its price.</EmptyState>
      ) : (
        <ul className="alert-list" aria-label={`My alerts on ${instrument.symbol}`}>
          {mine.map((a) => (
            <AlertLine
              key={a.id}
              alert={a}
              decimals={instrument.priceDecimals}
              busy={remove.busy}
              onDelete={() => remove.trigger(a.id).then(() => toast.success('Alert deleted'), (err: unknown) => toast.error(errorMessage(err)))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
