import type { TransactionContext } from '@mirrorline/shared';
import type { Quote } from '../domain/instrument';
import { crosses, type AlertDirection, type PriceAlert } from '../domain/price-alert';
import { AlertStore, type AlertMail, type SpentAlert } from '../application/ports/alert-store';

interface Row extends SpentAlert {
  mailState: 'pending' | 'sent' | 'failed' | null;
  mailAttempts: number;
}

/** AlertStore in memory for unit specs: the same rules as SqlAlertStore (the crossing on the bid, spent once). */
export class InMemoryAlertStore extends AlertStore {
  readonly rows: Row[] = [];
  readonly watchlists = new Map<string, string[]>();
  readonly emails = new Map<string, string>();
  private nextId = 1;

  async watchlist(userId: string): Promise<string[]> {
    return this.watchlists.get(userId) ?? [];
  }

  async replaceWatchlist(_tx: TransactionContext, userId: string, symbols: readonly string[]): Promise<void> {
    this.watchlists.set(userId, [...symbols]);
  }

  async list(userId: string): Promise<PriceAlert[]> {
    return this.rows.filter((r) => r.userId === userId).map(({ userId: _u, mailState: _m, mailAttempts: _a, ...a }) => a).reverse();
  }

  async create(
    _tx: TransactionContext,
    userId: string,
    input: { symbol: string; direction: AlertDirection; price: string; notifyByEmail: boolean },
    max: number,
  ): Promise<PriceAlert | null> {
    if (this.rows.filter((r) => r.userId === userId && !r.triggeredAt).length >= max) return null;
    const row: Row = { id: String(this.nextId++), userId, ...input, createdAt: new Date(), triggeredAt: null, triggeredPrice: null, mailState: null, mailAttempts: 0 };
    this.rows.push(row);
    const { userId: _u, mailState: _m, mailAttempts: _a, ...alert } = row;
    return alert;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const i = this.rows.findIndex((r) => r.id === id && r.userId === userId);
    if (i < 0) return false;
    this.rows.splice(i, 1);
    return true;
  }

  async anyCrossed(quotes: readonly Quote[]): Promise<boolean> {
    return quotes.some((q) => this.rows.some((r) => r.symbol === q.symbol && !r.triggeredAt && crosses(r.direction, r.price, q.bid)));
  }

  async spendCrossed(_tx: TransactionContext, quotes: readonly Quote[], onlyId?: string): Promise<SpentAlert[]> {
    const spent: SpentAlert[] = [];
    for (const q of quotes) {
      for (const r of this.rows) {
        if (r.symbol !== q.symbol || r.triggeredAt || (onlyId && r.id !== onlyId) || !crosses(r.direction, r.price, q.bid)) continue;
        r.triggeredAt = new Date();
        r.triggeredPrice = q.bid;
        r.mailState = r.notifyByEmail ? 'pending' : null;
        const { mailState: _m, mailAttempts: _a, ...alert } = r;
        spent.push(alert);
      }
    }
    return spent;
  }

  async nextMail(): Promise<AlertMail | null> {
    const r = this.rows.find((x) => x.mailState === 'pending');
    if (!r) return null;
    return { id: r.id, email: this.emails.get(r.userId) ?? `${r.userId}@example.test`, symbol: r.symbol, direction: r.direction, price: r.price, triggeredPrice: r.triggeredPrice! };
  }

  async mailDone(_tx: TransactionContext, id: string, sent: boolean, maxAttempts: number): Promise<void> {
    const r = this.rows.find((x) => x.id === id)!;
    r.mailAttempts++;
    r.mailState = sent ? 'sent' : r.mailAttempts >= maxAttempts ? 'failed' : 'pending';
  }
}
