import { symbols } from 'pino';
import { createHttpLogger, loggableUrl } from './request-logging';

describe('loggableUrl: what the access log writes of a URL', () => {
  it('leaves a URL without a query, and an ordinary query, as sent', () => {
    expect(loggableUrl('/api/traders/3')).toBe('/api/traders/3');
    expect(loggableUrl('/api/traders?sort=roi&page=2&period=30d')).toBe('/api/traders?sort=roi&page=2&period=30d');
    expect(loggableUrl('/api/market/stream?symbols=BTCUSDT,EURUSD')).toBe('/api/market/stream?symbols=BTCUSDT,EURUSD');
    expect(loggableUrl('/api/trader/trades?traderId=12&limit=100')).toBe('/api/trader/trades?traderId=12&limit=100');
    expect(loggableUrl(undefined)).toBeUndefined();
  });

  it('redacts every parameter named like a token, code, password, key or signature', () => {
    expect(loggableUrl('/api/user/get?access_token=anything&page=1')).toBe('/api/user/get?access_token=[redacted]&page=1');
    for (const name of ['token', 'refresh_token', 'resetToken', 'mfaToken', 'code', 'otp', 'password', 'api_key', 'X-Amz-Signature', 'session', 'auth']) {
      expect({ name, url: loggableUrl(`/x?${name}=v4lue&a=b`) }).toEqual({ name, url: `/x?${name}=[redacted]&a=b` });
    }
    // an encoded name is judged decoded
    expect(loggableUrl('/x?access%5Ftoken=v')).toBe('/x?access%5Ftoken=[redacted]');
  });

  it('redacts token-like values whatever the parameter is called: a personal API token, a JWT, a long opaque token, a 6-digit code', () => {
    const pat = `ml_pat_${'A'.repeat(43)}`;
    expect(loggableUrl(`/api/events/stream?t=${pat}`)).toBe('/api/events/stream?t=[redacted]');
    expect(loggableUrl('/x?q=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe('/x?q=[redacted]');
    expect(loggableUrl(`/x?q=${'b'.repeat(43)}`)).toBe('/x?q=[redacted]');
    expect(loggableUrl('/x?q=123456')).toBe('/x?q=[redacted]');
    expect(loggableUrl(`/x?q=ml_pat%5F${'A'.repeat(10)}`)).toBe('/x?q=[redacted]');
    // a UUID (an id in a filter) stays
    expect(loggableUrl('/api/admin/audit?targetId=0b8f5d0e-7c1a-4f7e-9b1a-2c3d4e5f6a7b')).toBe('/api/admin/audit?targetId=0b8f5d0e-7c1a-4f7e-9b1a-2c3d4e5f6a7b');
  });
});

describe('the root logger', () => {
  it("serializes a logged `path` (the exception filter's field) through the same redaction", () => {
    const { logger } = createHttpLogger({ logLevel: 'silent' });
    const serializers = (logger as unknown as Record<symbol, Record<string, (value: unknown) => unknown>>)[symbols.serializersSym];
    expect(serializers.path('/api/x?access_token=ml_pat_abc&page=2')).toBe('/api/x?access_token=[redacted]&page=2');
    expect(serializers.req({ id: '1', method: 'GET', url: '/api/x?code=123456' })).toEqual({ id: '1', method: 'GET', url: '/api/x?code=[redacted]' });
  });
});
