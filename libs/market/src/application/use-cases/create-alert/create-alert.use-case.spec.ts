import { Logger } from '@nestjs/common';
import { UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { InMemoryMailer } from '@mirrorline/mail/testing';
import { Notifications } from '@mirrorline/notifications';
import type { NotificationInput } from '@mirrorline/notifications';
import { InMemoryMarketQuotes } from '../../../testing/in-memory-market-quotes';
import { InMemoryAlertStore } from '../../../testing/in-memory-alert-store';
import { AlertMails } from '../../services/alert-mails';
import { AlertTrigger } from '../../services/alert-trigger';
import { AlertWatcher } from '../../services/alert-watcher';
import { ACTIVE_ALERTS_MAX } from '../../../domain/price-alert';
import { CreateAlertUseCase } from './create-alert.use-case';
import { DeleteAlertUseCase } from '../delete-alert/delete-alert.use-case';
import { ListAlertsUseCase } from '../list-alerts/list-alerts.use-case';

/** A transaction whose after-commit hooks run when `run` resolves, as MikroOrmUnitOfWork's do. */
class CommittingUnitOfWork extends UnitOfWork {
  async run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    const tx = { kind: 'transaction' as const, committed: [] as Array<() => void> };
    const result = await work(tx);
    for (const hook of tx.committed) hook();
    return result;
  }
}

class RecordingNotifications extends Notifications {
  readonly items: NotificationInput[] = [];
  async notify(_tx: TransactionContext, items: NotificationInput[]): Promise<void> {
    this.items.push(...items);
  }
}

function setup() {
  const uow = new CommittingUnitOfWork();
  const store = new InMemoryAlertStore();
  const market = new InMemoryMarketQuotes();
  const notifications = new RecordingNotifications();
  const mailer = new InMemoryMailer();
  const mails = new AlertMails(uow, store, mailer);
  const trigger = new AlertTrigger(store, notifications, mails);
  return {
    store,
    market,
    notifications,
    mailer,
    mails,
    create: new CreateAlertUseCase(uow, store, market, trigger),
    remove: new DeleteAlertUseCase(store),
    list: new ListAlertsUseCase(store),
    watcher: new AlertWatcher(uow, store, trigger),
  };
}

describe('price alerts (use cases, in memory)', () => {
  it('creates an active alert at the instrument precision; refuses an unknown symbol, a bad price, the 101st', async () => {
    const s = setup();
    const alert = await s.create.execute({ userId: 'u1', symbol: 'BTCUSDT', direction: 'above', price: '70000.5', notifyByEmail: false });
    expect(alert).toMatchObject({ symbol: 'BTCUSDT', price: '70000.5', triggeredAt: null });
    await expect(s.create.execute({ userId: 'u1', symbol: 'NOPE', direction: 'above', price: '1', notifyByEmail: false })).rejects.toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL' });
    await expect(s.create.execute({ userId: 'u1', symbol: 'EURUSD', direction: 'below', price: '1.123456', notifyByEmail: false })).rejects.toMatchObject({ code: 'ALERT.BAD_PRICE' });
    await expect(s.create.execute({ userId: 'u1', symbol: 'EURUSD', direction: 'below', price: '0', notifyByEmail: false })).rejects.toMatchObject({ code: 'ALERT.BAD_PRICE' });
    for (let i = 1; i < ACTIVE_ALERTS_MAX; i++) await s.create.execute({ userId: 'u1', symbol: 'BTCUSDT', direction: 'above', price: String(80000 + i), notifyByEmail: false });
    await expect(s.create.execute({ userId: 'u1', symbol: 'BTCUSDT', direction: 'above', price: '1', notifyByEmail: false })).rejects.toMatchObject({ code: 'ALERT.TOO_MANY' });
    // another user's count is their own
    await expect(s.create.execute({ userId: 'u2', symbol: 'BTCUSDT', direction: 'above', price: '1', notifyByEmail: false })).resolves.toBeTruthy();
  });

  it('fires at once, in the request, when the latest quote is already at or beyond the price', async () => {
    const s = setup();
    s.market.setQuote('BTCUSDT', '65000.00', '65010.00');
    const fired = await s.create.execute({ userId: 'u1', symbol: 'BTCUSDT', direction: 'below', price: '65000', notifyByEmail: true });
    expect(fired).toMatchObject({ triggeredPrice: '65000.00' });
    expect(fired).not.toHaveProperty('userId');
    expect(s.notifications.items).toEqual([
      expect.objectContaining({ userId: 'u1', type: 'price_alert', title: 'BTCUSDT is at or below 65000', data: expect.objectContaining({ alertId: fired.id }) }),
    ]);
    await s.mails.idle();
    expect(s.mailer.sent.map((m) => m.subject)).toEqual(['Mirrorline: BTCUSDT is at or below 65000']);
    const waiting = await s.create.execute({ userId: 'u1', symbol: 'BTCUSDT', direction: 'above', price: '65000.01', notifyByEmail: false });
    expect(waiting.triggeredAt).toBeNull();
    expect(s.notifications.items).toHaveLength(1);
  });

  it('the watcher spends an alert at the first crossing quote only; a failed mail is retried, then given up', async () => {
    const s = setup();
    const a = await s.create.execute({ userId: 'u1', symbol: 'EURUSD', direction: 'above', price: '1.1', notifyByEmail: true });
    const quote = (bid: string) => [{ symbol: 'EURUSD', bid, ask: bid, time: new Date() }];
    await s.watcher.onQuotes(quote('1.09999'));
    expect(s.notifications.items).toHaveLength(0);
    s.mailer.send = () => Promise.reject(new Error('smtp down'));
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await s.watcher.onQuotes(quote('1.10000'));
    await s.watcher.onQuotes(quote('1.20000'));
    expect(s.notifications.items.map((n) => n.data)).toEqual([expect.objectContaining({ alertId: a.id, triggeredPrice: '1.10000' })]);
    await s.mails.idle();
    expect(s.store.rows[0]).toMatchObject({ mailState: 'pending', mailAttempts: 1 });
    for (let i = 0; i < 4; i++) {
      s.mails.kick();
      await s.mails.idle();
    }
    expect(s.store.rows[0]).toMatchObject({ mailState: 'failed', mailAttempts: 5 });
    expect(logged).toHaveBeenCalledTimes(5);
    logged.mockRestore();
  });

  it('lists and deletes only my own', async () => {
    const s = setup();
    const mine = await s.create.execute({ userId: 'u1', symbol: 'AAPL', direction: 'above', price: '200', notifyByEmail: false });
    await expect(s.remove.execute({ userId: 'u2', id: mine.id })).rejects.toMatchObject({ code: 'ALERT.NOT_FOUND' });
    expect((await s.list.execute({ userId: 'u1' })).items.map((a) => a.id)).toEqual([mine.id]);
    await s.remove.execute({ userId: 'u1', id: mine.id });
    expect((await s.list.execute({ userId: 'u1' })).items).toEqual([]);
  });
});
