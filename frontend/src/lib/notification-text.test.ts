import { notificationText, notificationTitle } from './notification-text';

const n = (type: string, data: Record<string, unknown> | null, body = 'server sentence') => ({ type, title: 't', body, data });

describe('notificationText: the sentence from the structured data, in the SPA’s money format', () => {
  it('wallet decisions (2-decimal amounts), with the admin’s note', () => {
    expect(notificationText(n('wallet_transaction_decided', { transactionType: 'withdrawal', amount: '1234.5', status: 'Rejected', note: 'Wrong IBAN' }))).toBe(
      'Your withdrawal of $1,234.50 was rejected. Note: Wrong IBAN',
    );
  });
  it('copy notices carry cents: position size, pnl with sign and profit share, the amount returned', () => {
    expect(notificationText(n('copy_opened', { tradeId: '7', copyId: 'c', size: 25000 }))).toBe('Position size $250.00.');
    expect(notificationText(n('copy_closed', { pnl: '2500', fee: '500' }))).toBe('PnL +$25.00, profit share $5.00.');
    expect(notificationText(n('copy_closed', { pnl: '-1234', fee: '0' }))).toBe('PnL -$12.34.');
    expect(notificationText(n('copy_ended', { copyId: 'c', returned: '123456' }))).toBe('$1,234.56 returned to your balance.');
  });
  it('skips and guards by reason; KYC decisions; the server sentence for what it does not know', () => {
    expect(notificationText(n('copy_skipped', { reason: 'zero_size' }))).toBe('Your free copy equity is too small for this trade.');
    expect(notificationText(n('guard_hit', { reason: 'daily_loss_limit' }))).toBe('Your realised copy losses today reached your daily loss limit.');
    expect(notificationText(n('kyc_decided', { KYC: 'Verified', before: 'Pending' }))).toBe('Your identity verification is now Verified.');
    expect(notificationText(n('something_new', { detail: 'x' }))).toBe('server sentence');
    expect(notificationText(n('copy_closed', null))).toBe('server sentence');
  });
});

describe('notificationTitle: the title from type + data (the server’s title stays for mail and logs)', () => {
  const t = (type: string, data: Record<string, unknown> | null) => notificationTitle({ type, title: 'server title', body: 'b', data });
  it('wallet decisions and KYC decisions', () => {
    expect(t('wallet_transaction_decided', { transactionType: 'deposit', amount: '10.00', status: 'Approved' })).toBe('Deposit approved');
    expect(t('wallet_transaction_decided', { transactionType: 'withdrawal', amount: '10.00', status: 'Rejected' })).toBe('Withdrawal rejected');
    expect(t('kyc_decided', { KYC: 'Verified', before: 'Pending' })).toBe('Identity verified');
    expect(t('kyc_decided', { KYC: 'Unverified', before: 'Pending' })).toBe('Identity verification updated');
  });
  it('copies: started, opened, closed (pnl in the SPA’s money format), skipped, ended', () => {
    expect(t('copy_started', { copyId: 'c', traderId: 2, trader: 'Nora Quinn' })).toBe('You now copy Nora Quinn');
    expect(t('copy_opened', { tradeId: '7', copyId: 'c', size: 25000, pair: 'EUR/USD', side: 'buy', trader: 'Nora Quinn' })).toBe('Copied buy EUR/USD from Nora Quinn');
    expect(t('copy_closed', { pnl: '123456', fee: '0', pair: 'XRPUSDT' })).toBe('XRPUSDT closed: +$1,234.56');
    expect(t('copy_closed', { pnl: '-200', fee: '0', pair: 'XRPUSDT' })).toBe('XRPUSDT closed: -$2.00');
    expect(t('copy_skipped', { reason: 'paused', pair: 'SOLUSDT' })).toBe('Trade SOLUSDT not copied');
    expect(t('copy_ended', { copyId: 'c', returned: '100', trader: 'Nora Quinn' })).toBe('Your copy of Nora Quinn has ended');
    expect(t('copy_ended', { copyId: 'c', returned: '100' })).toBe('Your copy has ended');
  });
  it('guards: the daily loss limit, the copy stop loss close-out and the stop loss of a settlement', () => {
    expect(t('guard_hit', { reason: 'daily_loss_limit', pair: 'BTCUSDT' })).toBe('Daily loss limit reached: BTCUSDT not copied');
    expect(t('guard_hit', { copyId: 'c', guard: 'copy_stop_loss', pnl: '-500', trader: 'Nora Quinn' })).toBe('Copy stop loss reached: your copy of Nora Quinn was closed out');
    expect(t('guard_hit', { copyId: 'c', guard: 'stop_loss', trader: 'Nora Quinn' })).toBe('Stop loss reached: your copy of Nora Quinn stops');
  });
  it('profit share changes and security notices', () => {
    expect(t('profit_share_changed', { copyId: 'c', traderId: 2, trader: 'Nora Quinn', share: 20, newShare: 30 })).toBe('Nora Quinn changed their profit share to 30 %');
    expect(t('security.new_device', { detail: 'Firefox on Linux' })).toBe('New sign-in to your account');
    expect(t('security.password_changed', null)).toBe('Your password was changed');
    expect(t('security.mfa_enabled', null)).toBe('Two-factor authentication is on');
    expect(t('security.mfa_disabled', null)).toBe('Two-factor authentication is off');
    expect(t('security.address_added', { detail: 'My bank' })).toBe('New withdrawal address');
  });
  it('the server’s title for a type it does not know, or data without what the title needs', () => {
    expect(t('something_new', { x: 1 })).toBe('server title');
    expect(t('copy_opened', { tradeId: '7', size: 100 })).toBe('server title');
    expect(t('wallet_transaction_decided', null)).toBe('server title');
  });
  it('the sentences of the newer types', () => {
    const s = (type: string, data: Record<string, unknown> | null) => notificationText({ type, title: 't', body: 'server sentence', data });
    expect(s('copy_started', { trader: 'Nora', openTradesCopied: 2 })).toBe("2 open trades copied at today's price.");
    expect(s('copy_started', { trader: 'Daniel', openTradesCopied: 0 })).toBe('Daniel had no open trades, so only new trades will be copied.');
    expect(s('profit_share_changed', { trader: 'Nora', share: 20, newShare: 30 })).toBe('Your copy keeps its profit share of 20 %. The new share applies to new copies; you may accept it for yours.');
    expect(s('security.new_device', { detail: 'Firefox' })).toBe('Someone signed in to your Mirrorline account from a new device (Firefox).');
  });
});
