import type { AppConfig, TransactionContext } from '@mirrorline/shared';
import { UnitOfWork } from '@mirrorline/shared';
import { InstrumentCatalogue } from '../../services/instrument-catalogue';
import type { MarketStore } from '../../ports/market-store';
import type { InstrumentSpec } from '../../../domain/instrument';
import { TEST_INSTRUMENTS } from '../../../testing/in-memory-market-quotes';
import { InMemoryAlertStore } from '../../../testing/in-memory-alert-store';
import { GetWatchlistUseCase } from '../get-watchlist/get-watchlist.use-case';
import { ReplaceWatchlistUseCase } from './replace-watchlist.use-case';

class ImmediateUnitOfWork extends UnitOfWork {
  run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    return work({ kind: 'transaction' });
  }
}

function setup() {
  const specs = TEST_INSTRUMENTS.map((i) => ({ ...i, volatility: 0.1, spread: 0.01, spreadRelative: false, basePrice: 1 })) as InstrumentSpec[];
  const catalogue = new InstrumentCatalogue({ instruments: async () => specs } as unknown as MarketStore, { marketFeed: 'test' } as AppConfig);
  const store = new InMemoryAlertStore();
  return { store, replace: new ReplaceWatchlistUseCase(new ImmediateUnitOfWork(), store, catalogue), get: new GetWatchlistUseCase(store) };
}

describe('watchlist (use cases, in memory)', () => {
  it('replaces the list in the order given, each symbol once', async () => {
    const s = setup();
    expect(await s.get.execute({ userId: 'u1' })).toEqual({ symbols: [] });
    expect(await s.replace.execute({ userId: 'u1', symbols: ['EURUSD', 'BTCUSDT', 'EURUSD'] })).toEqual({ symbols: ['EURUSD', 'BTCUSDT'] });
    expect(await s.get.execute({ userId: 'u1' })).toEqual({ symbols: ['EURUSD', 'BTCUSDT'] });
    expect(await s.get.execute({ userId: 'u2' })).toEqual({ symbols: [] });
  });

  it('refuses an unknown symbol (naming it) and writes nothing', async () => {
    const s = setup();
    await s.replace.execute({ userId: 'u1', symbols: ['AAPL'] });
    await expect(s.replace.execute({ userId: 'u1', symbols: ['BTCUSDT', 'NOPE'] })).rejects.toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL', message: 'Unknown symbol: NOPE' });
    expect(await s.get.execute({ userId: 'u1' })).toEqual({ symbols: ['AAPL'] });
  });
});
