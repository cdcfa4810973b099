import { boundQueries, LONGEST_STATEMENT_MS, poolTimeouts, QUERY_TIMEOUT_MARGIN_MS } from './mikro-orm.options';
import { DatabaseAnswers } from './database-answers';

/** A node-postgres client stand-in that records the config of each query it is given. */
function recorder() {
  const seen: Array<{ text: string; query_timeout?: number }> = [];
  const client = { query: (config: { text: string; query_timeout?: number }) => seen.push(config) };
  boundQueries(client as never);
  const run = (text: string) => client.query({ text });
  return { seen, run };
}

describe('pool bounds', () => {
  it('bounds every statement just above the statement_timeout (the connection default), and the pool by DB_POOL_SIZE', () => {
    const options = poolTimeouts({ dbStatementTimeoutMs: 5_000, dbAcquireTimeoutMs: 2_000, dbPoolSize: 12 });
    expect(options.pool).toMatchObject({ min: 12, max: 12, acquireTimeoutMillis: 2_000, createTimeoutMillis: 2_000 });
    expect((options.driverOptions as { connection: object }).connection).toMatchObject({ statement_timeout: 5_000, query_timeout: 5_000 + QUERY_TIMEOUT_MARGIN_MS });
  });

  it('gives the statements after a SET LOCAL statement_timeout (settlement, close-out) the long bound, to the end of their transaction', () => {
    const { seen, run } = recorder();
    run('select 1');
    run('begin');
    run("SET LOCAL statement_timeout = '120s'; SET LOCAL random_page_cost = 1.1");
    run('insert into positions select …');
    run('commit');
    run('select 2');
    const long = LONGEST_STATEMENT_MS + QUERY_TIMEOUT_MARGIN_MS;
    expect(seen.map((q) => q.query_timeout)).toEqual([undefined, undefined, long, long, long, undefined]);
  });

  it('drops the long bound on ROLLBACK too, but not on a rollback to a savepoint', () => {
    const { seen, run } = recorder();
    run("set local statement_timeout = '120s'");
    run('rollback to savepoint trx2');
    run('select 1');
    run('ROLLBACK;');
    run('select 2');
    const long = LONGEST_STATEMENT_MS + QUERY_TIMEOUT_MARGIN_MS;
    expect(seen.map((q) => q.query_timeout)).toEqual([long, long, long, long, undefined]);
  });

  it('notes an answer from the server (a result, or an error with a SQLSTATE), not a timeout or a broken connection', () => {
    const answers = new DatabaseAnswers();
    answers.answered(0);
    const results: unknown[] = [];
    const client = { query: (_config: unknown, done: (error: unknown, result?: unknown) => void) => results.push(done) };
    boundQueries(client as never, answers);
    const reply = (error: unknown) => {
      client.query({ text: 'select 1' }, () => undefined);
      (results.pop() as (error: unknown) => void)(error);
      return answers.silentFor() < 1_000;
    };
    expect(reply(Object.assign(new Error('Query read timeout'), {}))).toBe(false);
    expect(reply(Object.assign(new Error('Connection terminated unexpectedly'), {}))).toBe(false);
    expect(reply(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    answers.answered(0);
    expect(reply(null)).toBe(true);
  });
});
