import type { Page, PageQuery } from '@mirrorline/shared';
import type { Notification } from '../../../domain/notification';
import { NotificationInbox } from '../../ports/notifications';
import { ListNotificationsUseCase } from '../list-notifications/list-notifications.use-case';
import { MarkNotificationReadUseCase } from './mark-notification-read.use-case';

/** The inbox port in memory: each user's notifications, newest first. */
class InMemoryInbox extends NotificationInbox {
  readonly rows: Array<Notification & { userId: string }> = [];
  add(userId: string, id: string): void {
    this.rows.unshift({ userId, id, type: 'copy_started', title: id, body: '', data: null, read: false, createdAt: new Date(Date.UTC(2026, 10, 23, 0, this.rows.length)).toISOString() });
  }
  async list(userId: string, page: PageQuery, unreadOnly: boolean): Promise<Page<Notification> & { unread: number }> {
    const mine = this.rows.filter((r) => r.userId === userId);
    const shown = mine.filter((r) => !unreadOnly || !r.read);
    const items = shown.slice((page.page - 1) * page.limit, page.page * page.limit).map(({ userId: _userId, ...n }) => n);
    return { items, total: shown.length, page: page.page, limit: page.limit, unread: mine.filter((r) => !r.read).length };
  }
  async markRead(userId: string, id: string): Promise<boolean> {
    const row = this.rows.find((r) => r.id === id && r.userId === userId);
    if (row) row.read = true;
    return Boolean(row);
  }
  async markAllRead(userId: string): Promise<number> {
    const unread = this.rows.filter((r) => r.userId === userId && !r.read);
    for (const row of unread) row.read = true;
    return unread.length;
  }
}

describe('MarkNotificationReadUseCase and ListNotificationsUseCase (in memory)', () => {
  function setup() {
    const inbox = new InMemoryInbox();
    for (const id of ['a1', 'a2', 'a3']) inbox.add('alice', id);
    inbox.add('bob', 'b1');
    return { inbox, mark: new MarkNotificationReadUseCase(inbox), list: new ListNotificationsUseCase(inbox) };
  }

  it('marks one of the user\'s notifications read: it leaves the unread list, the count follows', async () => {
    const s = setup();
    await expect(s.mark.execute({ userId: 'alice', id: 'a2' })).resolves.toEqual({ updated: 1 });
    const unread = await s.list.execute({ userId: 'alice', page: 1, limit: 10, unreadOnly: true });
    expect(unread).toMatchObject({ total: 2, unread: 2 });
    expect(unread.items.map((n) => n.id)).toEqual(['a3', 'a1']);
    expect((await s.list.execute({ userId: 'alice', page: 1, limit: 10, unreadOnly: false })).total).toBe(3);
  });

  it("someone else's notification looks exactly like a missing one (404 NOTIFICATION.NOT_FOUND), and stays unread", async () => {
    const s = setup();
    for (const id of ['b1', 'nope']) {
      await expect(s.mark.execute({ userId: 'alice', id })).rejects.toMatchObject({ code: 'NOTIFICATION.NOT_FOUND', kind: 'not_found' });
    }
    expect((await s.list.execute({ userId: 'bob', page: 1, limit: 10, unreadOnly: true })).unread).toBe(1);
  });

  it("'all' marks every unread notification of the user only, and says how many", async () => {
    const s = setup();
    await s.mark.execute({ userId: 'alice', id: 'a1' });
    await expect(s.mark.execute({ userId: 'alice', id: 'all' })).resolves.toEqual({ updated: 2 });
    await expect(s.mark.execute({ userId: 'alice', id: 'all' })).resolves.toEqual({ updated: 0 });
    expect((await s.list.execute({ userId: 'alice', page: 1, limit: 10, unreadOnly: false })).unread).toBe(0);
    expect((await s.list.execute({ userId: 'bob', page: 1, limit: 10, unreadOnly: false })).unread).toBe(1);
  });

  it('lists a page of the user\'s notifications with the page, the limit and the total', async () => {
    const s = setup();
    const page = await s.list.execute({ userId: 'alice', page: 2, limit: 2, unreadOnly: false });
    expect(page).toMatchObject({ page: 2, limit: 2, total: 3, unread: 3 });
    expect(page.items.map((n) => n.id)).toEqual(['a1']);
  });
});
