import { startFailureLine } from './start-failure';

describe('startFailureLine', () => {
  const external = { port: 3000, database: { source: 'DATABASE_URL' as const, url: 'postgresql://app:s3cret@db.internal:6543/mirrorline' } };

  it('names DATABASE_URL (without its password) when the database cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:6543'), { code: 'ECONNREFUSED' });
    const line = startFailureLine(refused, external);
    expect(line).toBe(
      'Cannot connect to the database in DATABASE_URL (db.internal:6543/mirrorline): connection refused. Check DATABASE_URL and that the server is running.',
    );
    expect(line).not.toContain('s3cret');
  });

  it('reads the code from an AggregateError (localhost tried over IPv6 and IPv4) and from a wrapped cause', () => {
    const parts = [Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })];
    expect(startFailureLine(new AggregateError(parts, ''), external)).toContain('connection refused');
    expect(startFailureLine(new Error('wrapped', { cause: { code: '28P01' } }), external)).toContain('wrong user name or password');
  });

  it('speaks of the embedded PostgreSQL when main.ts started it', () => {
    const embedded = { port: 3000, database: { source: 'embedded' as const, url: 'postgresql://postgres:pw@127.0.0.1:5433/mirrorline' } };
    expect(startFailureLine({ code: '3D000' }, embedded)).toBe(
      'Cannot connect to the embedded PostgreSQL (127.0.0.1:5433/mirrorline): the database does not exist.',
    );
  });

  it('names PORT when the HTTP port is taken', () => {
    expect(startFailureLine(Object.assign(new Error('listen EADDRINUSE: address already in use :::3000'), { code: 'EADDRINUSE' }), external)).toBe(
      'Port 3000 is already in use: stop what uses it or set PORT.',
    );
  });

  it('prints anything else on one line, without a stack', () => {
    const error = new Error('migration 0007 failed:\n  relation "x" already exists');
    expect(startFailureLine(error, external)).toBe('Start failed: Error: migration 0007 failed: relation "x" already exists');
  });
});
