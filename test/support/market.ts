import type request from 'supertest';
import { TestMarketFeed } from '@mirrorline/market/testing';
import type { TestApp } from './test-app';

/**
 * The test feed (MARKET_FEED=test under NODE_ENV=test): a quote is stored exactly like the real feed's and
 * every QuoteListener (the price watcher among them) has run on it when this resolves. `ask` defaults to
 * `bid`, so that a spec can name the exact price a buy or a sell fills and closes at.
 */
export async function setQuote(t: TestApp, symbol: string, bid: string, ask: string = bid): Promise<void> {
  await t.app.get(TestMarketFeed).setQuote(symbol, bid, ask);
}

/**
 * A request sent once a quote is set: chain `set`, `query` and `expect` as on supertest, then await it.
 * (supertest sends on then(); the quote must be in place first.)
 */
export class QuotedRequest implements PromiseLike<request.Response> {
  private readonly steps: Array<(r: request.Test) => request.Test> = [];

  constructor(
    private readonly before: () => Promise<void>,
    private readonly make: () => request.Test,
  ) {}

  set(field: string, value: string): this {
    this.steps.push((r) => r.set(field, value));
    return this;
  }

  query(value: Record<string, unknown>): this {
    this.steps.push((r) => r.query(value));
    return this;
  }

  expect(status: number): this {
    this.steps.push((r) => r.expect(status));
    return this;
  }

  async run(): Promise<request.Response> {
    await this.before();
    let req = this.make();
    for (const step of this.steps) req = step(req);
    return await req;
  }

  then<A = request.Response, B = never>(
    onFulfilled?: ((value: request.Response) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.run().then(onFulfilled, onRejected);
  }
}

/**
 * A market order at a known price: sets the quote of `body.symbol` (default BTCUSDT, open around the clock)
 * to `price`, then POSTs trader/trades with no price (the API refuses one).
 */
export function openAt(t: TestApp, bearer: string, price: string, body: Record<string, unknown> = {}, query = ''): QuotedRequest {
  const symbol = (body.symbol as string | undefined) ?? 'BTCUSDT';
  return new QuotedRequest(
    () => setQuote(t, symbol, price),
    () => t.http().post(`/api/trader/trades${query}`).set('Authorization', bearer).send({ symbol, side: 'buy', allocationPct: 50, ...body }),
  );
}

/** Closes a trade at a known price: sets its symbol's quote to `price`, then POSTs its close with an empty body. */
export function closeAt(t: TestApp, bearer: string, tradeId: string, price: string, query = ''): QuotedRequest {
  return new QuotedRequest(
    async () => {
      if (!/^\d{1,18}$/.test(tradeId)) return;
      const [trade] = await t.sql<{ symbol: string }>('SELECT symbol FROM trader_trades WHERE id = ?', [tradeId]);
      if (trade) await setQuote(t, trade.symbol, price);
    },
    () => t.http().post(`/api/trader/trades/${tradeId}/close${query}`).set('Authorization', bearer).send({}),
  );
}
