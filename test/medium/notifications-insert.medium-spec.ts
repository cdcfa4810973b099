import { UnitOfWork } from '@mirrorline/shared';
import { Notifications, type NotificationInput } from '@mirrorline/notifications';
import { createTestContext, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * Notifications.notify writes its rows as one array parameter per column (notificationsQueries.insertMany,
 * `unnest`, values bound): against real PostgreSQL every value comes back exactly as sent, whatever it holds.
 */
describe('notifications written as column arrays', () => {
  let t: TestApp;
  let notifications: Notifications;
  let uow: UnitOfWork;

  beforeAll(async () => {
    t = await createTestContext();
    notifications = t.app.get(Notifications);
    uow = t.app.get(UnitOfWork);
  });
  afterAll(() => t.close());

  it('round-trips texts with quotes, commas, braces, backslashes, NULL and unicode, absent bodies and data, and nested data', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const items: NotificationInput[] = [
      { userId: a.id, type: 'copy_opened', title: 'Copied: "BTC/USDT", {buy}', body: 'a \\ back\\slash, "quoted"; NULL', data: { tradeId: '9007199254740993', size: '1250.50', nested: { list: [1, null, 'x"y'] } } },
      { userId: a.id, type: 'copy_skipped', title: 'NULL', data: { reason: null } },
      { userId: b.id, type: 'copy_closed', title: 'Clôturé ✓ 取引 — 🚀', body: '', data: undefined },
    ];
    await uow.run((tx) => notifications.notify(tx, items));

    const rows = await t.sql<{ user_id: string; type: string; title: string; body: string; data: Record<string, unknown> | null }>(
      'SELECT user_id, type, title, body, data FROM notifications WHERE user_id IN (?, ?) ORDER BY id',
      [a.id, b.id],
    );
    expect(rows).toEqual(items.map((i) => ({ user_id: i.userId, type: i.type, title: i.title, body: i.body ?? '', data: i.data ?? null })));
  });

  it('writes nothing for no items, and all or nothing when one row is refused', async () => {
    const user = await createUser(t);
    const before = async () => Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM notifications WHERE user_id = ?', [user.id]))[0].n);
    await uow.run((tx) => notifications.notify(tx, []));
    expect(await before()).toBe(0);
    // title is varchar(200): the second row is refused, and the first is not written either
    await expect(
      uow.run((tx) => notifications.notify(tx, [{ userId: user.id, type: 'copy_opened', title: 'ok' }, { userId: user.id, type: 'copy_opened', title: 'x'.repeat(201) }])),
    ).rejects.toThrow();
    expect(await before()).toBe(0);
  });
});
