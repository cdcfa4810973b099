import { marketKeys } from '../../../lib/query-keys';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../../lib/api-client';
import { rulesResolver } from '../../../lib/form-rules';
import { rule } from '../../../lib/input-rules';
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
type AlertValues = { direction: Direction; price: string; notifyByEmail: boolean };

/**
 * The alert's price: the alerts route has no generated rule (its per-instrument decimals are the server's to judge),
 * so OpenTradeDto's price pattern stands in, and the price must be above zero.
 */
export const alertResolver = rulesResolver<'OpenTradeDto', AlertValues>('OpenTradeDto', {
  price: { rule: rule('OpenTradeDto', 'price'), required: 'Enter a price above zero', invalid: 'Enter a price above zero', check: (p) => (/[1-9]/.test(p) ? undefined : 'Enter a price above zero') },
});

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
  const { register, handleSubmit, setValue, reset, getValues, watch, formState } = useForm<AlertValues>({
    defaultValues: { direction: 'above', price: '', notifyByEmail: false },
    resolver: alertResolver,
  });
  const [formError, setFormError] = useState<string | null>(null);
  // which fields the user has set by hand (until then the price follows the bid, the direction the price)
  const [byHand, setByHand] = useState({ price: false, direction: false });
  useLiveEvents((e) => {
    if (e.type === 'notification' || e.type === 'reconnected') void mutate(keyMatches(marketKeys.alertsAll));
  });

  const bid = quote?.bid;
  const bidPrice = bid ? formatPrice(bid, instrument.priceDecimals).replace(/,/g, '') : '';
  const price = watch('price');
  // the price follows the live bid until the user goes into the field (a tick must not rewrite what they are
  // selecting or typing: a new bid between a select-all and the typed text once left "2999.731500.08"); the
  // direction follows the price until it is picked
  useEffect(() => {
    if (!byHand.price) setValue('price', bidPrice);
  }, [bidPrice, byHand.price, setValue]);
  useEffect(() => {
    if (!byHand.direction) setValue('direction', directionFor(price, bid));
  }, [price, bid, byHand.direction, setValue]);
  const setByHandOn = (name: keyof typeof byHand) => () => setByHand((o) => (o[name] ? o : { ...o, [name]: true }));
  const mine = (alerts.data?.items ?? []).filter((a) => a.symbol === instrument.symbol);

  async function onSubmit(body: AlertValues) {
    setFormError(null);
    try {
      const created = await create.trigger({ symbol: instrument.symbol, ...body });
      toast.success(created.status === 'triggered' ? 'The price is already there: the alert fired at once' : 'Alert created');
      // following the bid again; the email choice stays
      reset({ direction: 'above', price: '', notifyByEmail: getValues('notifyByEmail') });
      setByHand({ price: false, direction: false });
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <section className="card alerts-panel" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Price alerts</h2>
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label={`New price alert on ${instrument.symbol}`} className="alerts-form">
        <FormError message={formError} />
        <SelectField label="When the bid is" {...register('direction', { onChange: setByHandOn('direction') })}>
          <option value="above">At or above</option>
          <option value="below">At or below</option>
        </SelectField>
        <TextField
          label="Price"
          inputMode="decimal"
          {...register('price', { onChange: setByHandOn('price') })}
          onFocus={setByHandOn('price')}
          error={formState.errors.price?.message}
          hint={bid ? `Bid now ${formatPrice(bid, instrument.priceDecimals)}; up to ${instrument.priceDecimals} decimals` : `Up to ${instrument.priceDecimals} decimals`}
        />
        <CheckboxField label="Also email me" {...register('notifyByEmail')} />
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
