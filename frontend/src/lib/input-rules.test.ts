import { matchesPattern, rule, withinLength, withinRange } from './input-rules';

describe('the API input rules the SPA checks against (generated from the OpenAPI document)', () => {
  it('amounts: the API pattern — no leading zeros, at most 2 decimals, no separators (the SPA strips them first)', () => {
    const amount = rule('DepositRequestDto', 'amount');
    expect(['1', '0.5', '1234.56', '100000000000000.00'].every((v) => matchesPattern(amount, v))).toBe(true);
    expect(['01', '1.234', '1,234.56', '-1', '1e3', ''].some((v) => matchesPattern(amount, v))).toBe(false);
  });

  it('prices, emails, usernames and document numbers', () => {
    expect(matchesPattern(rule('OpenTradeDto', 'stopLoss'), '1.08500000')).toBe(true);
    expect(matchesPattern(rule('OpenTradeDto', 'stopLoss'), '1.085000001')).toBe(false);
    expect(matchesPattern(rule('EmailRequestDto', 'email'), 'ada@example.com')).toBe(true);
    expect(['ada@example', 'a da@example.com', 'ada@@example.com', 'adä@example.com'].some((v) => matchesPattern(rule('EmailRequestDto', 'email'), v))).toBe(false);
    expect(matchesPattern(rule('RegisterRequestDto', 'username'), 'ada_l')).toBe(true);
    expect(matchesPattern(rule('RegisterRequestDto', 'username'), 'ad')).toBe(false);
    expect(matchesPattern(rule('RequestKycMultipartSchema', 'documentNumber'), 'X12 34/5')).toBe(true);
    expect(matchesPattern(rule('RequestKycMultipartSchema', 'documentNumber'), '-X1')).toBe(false);
  });

  it('the KYC files: size and content types from the multipart body, the copy minimum from x-minimum-amount', () => {
    expect(rule('RequestKycMultipartSchema', 'selfie')).toMatchObject({ format: 'binary', maxLength: 5 * 1024 * 1024, contentType: 'image/jpeg, image/png, application/pdf' });
    expect(rule('FollowTraderDto', 'amount')['x-minimum-amount']).toBe('10.00');
  });

  it('lengths and ranges', () => {
    const password = rule('RegisterRequestDto', 'password');
    expect([withinLength(password, 'x'.repeat(7)), withinLength(password, 'x'.repeat(8)), withinLength(password, 'x'.repeat(128)), withinLength(password, 'x'.repeat(129))]).toEqual([false, true, true, false]);
    const stopLoss = rule('FollowTraderDto', 'stopLossPct');
    expect([4, 5, 95, 96, 5.5].map((n) => withinRange(stopLoss, n))).toEqual([false, true, true, false, false]);
  });
});
