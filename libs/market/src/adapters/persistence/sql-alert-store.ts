import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { AlertStore, type AlertMail, type SpentAlert } from '../../application/ports/alert-store';
import type { Quote } from '../../domain/instrument';
import type { AlertDirection, PriceAlert } from '../../domain/price-alert';
import { priceAlertsQueries as q, type AlertRow } from './price-alerts.queries';

function toAlert(r: AlertRow): PriceAlert {
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    price: r.price,
    notifyByEmail: r.notify_by_email,
    createdAt: new Date(r.created_at),
    triggeredAt: r.triggered_at ? new Date(r.triggered_at) : null,
    triggeredPrice: r.triggered_price,
  };
}

@Injectable()
export class SqlAlertStore extends AlertStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async watchlist(userId: string): Promise<string[]> {
    const [row] = await runSql(this.em, q.watchlist(userId));
    return row?.symbols ?? [];
  }

  async replaceWatchlist(tx: TransactionContext, userId: string, symbols: readonly string[]): Promise<void> {
    await runSql(emOf(tx), q.replaceWatchlist(userId, symbols));
  }

  async list(userId: string, days: number): Promise<PriceAlert[]> {
    const rows = await runSql(this.em, q.list(userId, days));
    return rows.map(toAlert);
  }

  async create(
    tx: TransactionContext,
    userId: string,
    input: { symbol: string; direction: AlertDirection; price: string; notifyByEmail: boolean },
    max: number,
  ): Promise<PriceAlert | null> {
    const em = emOf(tx);
    await runSql(em, q.lockUserAlerts(userId));
    const [row] = await runSql(em, q.create(userId, input, max));
    return row ? toAlert(row) : null;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const rows = await runSql(this.em, q.delete(userId, id));
    return rows.length > 0;
  }

  async anyCrossed(quotes: readonly Quote[]): Promise<boolean> {
    if (!quotes.length) return false;
    const [row] = await runSql(this.em, q.anyCrossed(quotes));
    return row?.crossed === true;
  }

  async spendCrossed(tx: TransactionContext, quotes: readonly Quote[], onlyId?: string): Promise<SpentAlert[]> {
    if (!quotes.length) return [];
    const rows = await runSql(emOf(tx), q.spendCrossed(quotes, onlyId));
    return rows.map((r) => ({ ...toAlert(r), userId: r.user_id }));
  }

  async nextMail(tx: TransactionContext): Promise<AlertMail | null> {
    const [row] = await runSql(emOf(tx), q.nextMail());
    return row ? { id: row.id, email: row.email, symbol: row.symbol, direction: row.direction, price: row.price, triggeredPrice: row.triggered_price } : null;
  }

  async mailDone(tx: TransactionContext, id: string, sent: boolean, maxAttempts: number): Promise<void> {
    await runSql(emOf(tx), q.mailDone(id, sent, maxAttempts));
  }
}
