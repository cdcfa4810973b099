import { closedNotices, closeOutNotices, copyEndedNotice, openedNotices, profitShareChangedNotices } from './copy-notices';

describe('copy notices', () => {
  it('copy_ended: one text, with the trader when known, and the amount returned in cents as text', () => {
    expect(copyEndedNotice('u1', 'c1', 5n)).toEqual({
      userId: 'u1',
      type: 'copy_ended',
      title: 'Your copy has ended',
      body: '0.05 USD returned to your balance.',
      data: { copyId: 'c1', returned: '5' },
    });
    expect(copyEndedNotice('u1', 'c1', 125050n, 'Ada')).toEqual({
      userId: 'u1',
      type: 'copy_ended',
      title: 'Your copy of Ada has ended',
      body: '1250.50 USD returned to your balance.',
      data: { copyId: 'c1', returned: '125050', trader: 'Ada' },
    });
  });

  it("a close-out's notices by follower: guard_hit for a guard, then copy_ended for a copy that ended; the owner's own closes need no guard_hit", () => {
    const notices = closeOutNotices([
      { followerId: 'b', copyId: 'c2', trader: 'Ada', reason: 'copy_take_profit', pnl: 2500n, returned: null },
      { followerId: 'a', copyId: 'c1', trader: 'Bo', reason: 'copy_stop_loss', pnl: -40000n, returned: 60000n },
      { followerId: 'c', copyId: 'c3', trader: 'Ada', reason: 'copier_closed', pnl: 10n, returned: null },
      { followerId: 'd', copyId: 'c4', trader: 'Ada', reason: 'copy_stopped', pnl: -1n, returned: 0n },
    ]);
    expect(notices).toEqual([
      {
        userId: 'a',
        type: 'guard_hit',
        title: 'Copy stop loss reached: your copy of Bo was closed out',
        body: "Your copy's live equity fell to its stop loss: its open positions were closed at the market.",
        data: { copyId: 'c1', guard: 'copy_stop_loss', pnl: '-40000', trader: 'Bo' },
      },
      copyEndedNotice('a', 'c1', 60000n, 'Bo'),
      {
        userId: 'b',
        type: 'guard_hit',
        title: 'Copy take profit reached: your copy of Ada was closed out',
        body: "Your copy's live equity reached its take profit: its open positions were closed at the market.",
        data: { copyId: 'c2', guard: 'copy_take_profit', pnl: '2500', trader: 'Ada' },
      },
      copyEndedNotice('d', 'c4', 0n, 'Ada'),
    ]);
  });

  it("a trade's opened notices: copied with the size, skipped with the reason (the daily loss limit as a guard_hit), in the order given", () => {
    const trade = { tradeId: '42', pair: 'BTCUSDT', side: 'buy', trader: 'Ada' };
    const notices = openedNotices(trade, [
      { followerId: 'a', copyId: 'c1', size: 50000n, reason: null },
      { followerId: 'b', copyId: 'c2', size: null, reason: 'paused' },
      { followerId: 'c', copyId: 'c3', size: null, reason: 'daily_loss_limit' },
      { followerId: 'd', copyId: 'c4', size: null, reason: 'zero_size' },
      { followerId: 'e', copyId: 'c5', size: null, reason: 'stopping' },
    ]);
    expect(notices[0]).toEqual({
      userId: 'a',
      type: 'copy_opened',
      title: 'Copied buy BTCUSDT from Ada',
      body: 'Position size 500.00 USD',
      data: { tradeId: 42, copyId: 'c1', size: 50000, pair: 'BTCUSDT', side: 'buy', trader: 'Ada' },
    });
    expect(notices.slice(1).map((n) => [n.userId, n.type, n.title, n.body])).toEqual([
      ['b', 'copy_skipped', 'Trade BTCUSDT not copied', 'Your copy is paused.'],
      ['c', 'guard_hit', 'Daily loss limit reached: BTCUSDT not copied', 'Your realised copy losses today reached your daily loss limit.'],
      ['d', 'copy_skipped', 'Trade BTCUSDT not copied', 'Your free copy equity is too small for this trade.'],
      ['e', 'copy_skipped', 'Trade BTCUSDT not copied', 'Your copy is stopping: it takes no new trades.'],
    ]);
    expect(notices[2].data).toEqual({ tradeId: 42, copyId: 'c3', reason: 'daily_loss_limit', pair: 'BTCUSDT' });
  });

  it("a trade's closed notices: the signed pnl, the trade's pnl % and the profit share when one was paid", () => {
    const notices = closedNotices({ tradeId: '7', pair: 'EURUSD' }, '-1.5', [
      { followerId: 'a', copyId: 'c1', pnl: -1234n, fee: 0n },
      { followerId: 'b', copyId: 'c2', pnl: 0n, fee: 0n },
      { followerId: 'c', copyId: 'c3', pnl: 5000n, fee: 1000n },
    ]);
    expect(notices.map((n) => [n.title, n.body])).toEqual([
      ['EURUSD closed: -12.34 USD', 'Trade pnl -1.5 %'],
      ['EURUSD closed: +0.00 USD', 'Trade pnl -1.5 %'],
      ['EURUSD closed: +50.00 USD', 'Trade pnl -1.5 %, profit share 10.00 USD'],
    ]);
    expect(notices[2]).toMatchObject({ userId: 'c', type: 'copy_closed', data: { tradeId: 7, copyId: 'c3', pnl: '5000', fee: '1000', pair: 'EURUSD', pnlPct: '-1.5' } });
  });

  it('profit_share_changed: the new share, and the share the copy keeps until its follower accepts', () => {
    expect(profitShareChangedNotices({ id: 3, name: 'Ada' }, 30, [{ followerId: 'a', copyId: 'c1', share: 20 }])).toEqual([
      {
        userId: 'a',
        type: 'profit_share_changed',
        title: 'Ada changed their profit share to 30 %',
        body: 'Your copy keeps its profit share of 20 %. The new share applies to new copies; you may accept it for yours.',
        data: { copyId: 'c1', traderId: 3, trader: 'Ada', share: 20, newShare: 30 },
      },
    ]);
  });
});
