import type { ReactNode } from 'react';
import { OrderTicket } from './order-ticket';
import { ClosedTrades, OpenTrades } from './desk-trades';
import { PendingOrders } from './pending-orders';

/** /trademanagement: the order ticket, open trades (live mark, SL/TP, close) and closed trades. */
export function TradeDesk({ traderId, scope }: { traderId?: string; scope?: ReactNode }) {
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Trade management</h1>
        <p className="muted">Market orders at the live price, limit and stop orders at yours; your copiers follow each fill at once.</p>
      </header>
      {scope}
      <OrderTicket traderId={traderId} />
      <PendingOrders traderId={traderId} />
      <OpenTrades traderId={traderId} />
      <ClosedTrades traderId={traderId} />
    </div>
  );
}
