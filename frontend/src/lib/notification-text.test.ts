import { notificationText } from './notification-text';

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
    expect(notificationText(n('security.new_device', { detail: 'x' }))).toBe('server sentence');
    expect(notificationText(n('copy_closed', null))).toBe('server sentence');
  });
});
