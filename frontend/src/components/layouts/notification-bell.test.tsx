import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, resetAll, signIn } from '../../test/utils';
import { sseResponse } from '../../test/sse-response';
import { resetLiveEventsForTests } from '../../lib/live-events';
import { resetMarketStreamForTests } from '../../lib/market-stream';
import { notificationText } from '../../lib/notification-text';

const note = (id: string, read: boolean, data: Record<string, unknown> | null = null) => ({
  id, type: 'wallet_transaction_decided', title: 'Deposit approved', body: 'Your deposit of 1250.5 was approved.', data, read, createdAt: '2026-11-23T10:00:00.000Z',
});

describe('notifications bell and page', () => {
  beforeEach(() => {
    resetLiveEventsForTests();
    resetMarketStreamForTests();
  });
  afterEach(() => {
    resetLiveEventsForTests();
    resetAll();
  });

  it('shows the unread count, raises it live on a notification event, lists the latest with amounts formatted by the SPA, marks all read', async () => {
    signIn();
    const stream = sseResponse();
    let items = [note('n1', false, { transactionType: 'deposit', amount: '1250.5', status: 'Approved' })];
    let readAll = 0;
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, { items, total: items.length, unread: items.filter((n) => !n.read).length, page: 1, limit: 8 }),
      'GET /api/events/stream': () => stream.response,
      'POST /api/notifications/all/read': () => {
        readAll += 1;
        items = items.map((n) => ({ ...n, read: true }));
        return jsonResponse(200, { updated: 2 });
      },
    });
    renderApp('/aboutus');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    items = [note('n2', false, { transactionType: 'withdrawal', amount: '100', status: 'Rejected' }), ...items];
    await act(async () => stream.send('notification', {}));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument());
    expect(screen.getByTestId('bell-count')).toHaveTextContent('2');
    // The icon is drawn (an SVG), not an emoji that a machine without an emoji font shows as a box.
    expect(bell.querySelector('svg')).not.toBeNull();
    expect(bell).toHaveTextContent(/^2$/);
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Latest notifications' });
    expect(within(panel).getByText('Your deposit of $1,250.50 was approved.')).toBeInTheDocument();
    expect(within(panel).getByText('Your withdrawal of $100.00 was rejected.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument());
    expect(readAll).toBe(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).toBeNull();
  });

  it('the notifications page lists every notification; texts fall back to the server sentence without data', async () => {
    signIn();
    mockFetch({
      'GET /api/notifications': { items: [note('n1', false)], total: 1, unread: 1, page: 1, limit: 20 },
      'GET /api/events/stream': () => new Response('', { status: 401 }),
    });
    renderApp('/userdashboard/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('Your deposit of 1250.5 was approved.')).toBeInTheDocument();
    expect(notificationText({ type: 'kyc_decided', title: 'x', body: 'b', data: { KYC: 'Verified' } })).toBe('Your identity verification is now Verified.');
  });
});
