import { bearerTokenOf } from './access-token.guard';

describe('bearerTokenOf', () => {
  it('reads the token of a Bearer header, the scheme in any case', () => {
    expect(bearerTokenOf('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerTokenOf('bearer a.b.c')).toBe('a.b.c');
    expect(bearerTokenOf('BEARER   a.b.c ')).toBe('a.b.c');
  });

  it('another scheme, no token or no header carry no bearer token (answered 401, not 403)', () => {
    for (const header of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer   ', 'Bearera.b.c', 'Token a.b.c']) {
      expect(bearerTokenOf(header)).toBeUndefined();
    }
  });

  it('a malformed token is still a token (the guard answers 403 TOKEN_EXPIRED)', () => {
    expect(bearerTokenOf('Bearer not-a-jwt')).toBe('not-a-jwt');
  });
});
