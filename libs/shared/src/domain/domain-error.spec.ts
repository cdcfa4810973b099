import { DomainError, isDomainError } from './domain-error';

describe('DomainError', () => {
  it('carries a code, a kind and details', () => {
    const error = new DomainError('WALLET.INSUFFICIENT_FUNDS', 'Insufficient funds', 'conflict', { need: 1 });
    expect(error.code).toBe('WALLET.INSUFFICIENT_FUNDS');
    expect(error.kind).toBe('conflict');
    expect(error.details).toEqual({ need: 1 });
    expect(error.message).toBe('Insufficient funds');
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
  });

  it('defaults to unprocessable', () => {
    expect(new DomainError('X', 'y').kind).toBe('unprocessable');
  });
});
