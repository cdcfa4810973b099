import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { useCancelOrder, useEntryOrders, type EntryOrder } from '../api/trade-desk';

/** A pending limit / stop order with its Cancel (after a confirmation; it reserved nothing, so nothing moves). */
function PendingOrder({ order, traderId }: { order: EntryOrder; traderId?: string }) {
  const { trigger: cancel } = useCancelOrder(traderId);
  const [confirming, setConfirming] = useState(false);
  const name = `${order.side} ${order.type} ${order.symbol} at ${order.price}`;
  async function onConfirm() {
    try {
      await cancel(order.id);
      toast.success(`Cancelled: ${name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <li className="desk-trade" aria-label={`Pending order ${order.symbol}`}>
      <div>
        <strong>{order.symbol}</strong> <span className={order.side === 'buy' ? 'pos cap' : 'neg cap'}>{order.side}</span> <span className="cap">{order.type}</span>
        <span className="muted small">
          {' '}
          at {formatPrice(order.price)} · {order.allocationPct}%{order.stopLoss ? ` · SL ${formatPrice(order.stopLoss)}` : ''}
          {order.takeProfit ? ` · TP ${formatPrice(order.takeProfit)}` : ''}
          {order.trailingStopPct !== null ? ` · trailing ${order.trailingStopPct}%` : ''}
        </span>
        <div className="small muted">{order.expiresAt ? `Expires ${formatDate(order.expiresAt)}` : 'Good till cancelled'}</div>
      </div>
      <Button writes variant="outline" size="sm" onClick={() => setConfirming(true)}>
        Cancel order
      </Button>
      <ConfirmDialog open={confirming} title={`Cancel ${order.symbol} order?`} confirmLabel="Confirm cancel" onConfirm={onConfirm} onClose={() => setConfirming(false)}>
        <p>The {name} stops waiting. Nothing was reserved for it, so nothing moves.</p>
      </ConfirmDialog>
    </li>
  );
}

/** Pending entry orders (GET trader/orders?status=pending), newest first, each with Cancel. */
export function PendingOrders({ traderId }: { traderId?: string }) {
  const { data, error, isLoading, mutate } = useEntryOrders(traderId);
  return (
    <section className="card" aria-labelledby="pending-orders-title">
      <h2 id="pending-orders-title">Pending orders</h2>
      <AsyncBlock
        data={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading pending orders"
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState title="No pending orders">A limit or stop order from the ticket waits here until its price is reached.</EmptyState>}
      >
        {(d) => (
          <ul className="open-trades">
            {d.items.map((o) => (
              <PendingOrder key={o.id} order={o} traderId={traderId} />
            ))}
          </ul>
        )}
      </AsyncBlock>
    </section>
  );
}
