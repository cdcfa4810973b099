import { chainHash, GENESIS_HASH, type RecordFields } from '../../../domain/trade-record';
import { TraderRecordQueries, type RecordHead, type RecordLink } from '../../ports/trader-record';
import { ReadTraderRecordUseCase } from './read-trader-record.use-case';

const fields = (tradeId: string): RecordFields => ({
  tradeId, symbol: 'EURUSD', side: 'sell', allocationPct: '10', entryPrice: '1.085', exitPrice: '1.08',
  openedAt: '2026-11-27T10:00:00.000Z', closedAt: '2026-11-27T11:00:00.000Z', pnlPct: '0.4608', closeReason: 'take_profit',
});

/** An in-memory record of one public trader (7) with three links. */
class InMemoryRecord extends TraderRecordQueries {
  readonly chain: RecordLink[] = [];
  constructor() {
    super();
    let previous = GENESIS_HASH;
    for (const seq of [1, 2, 3]) {
      previous = chainHash(previous, fields(String(seq * 10)));
      this.chain.push({ seq, fields: fields(String(seq * 10)), hash: previous });
    }
  }
  async links(traderId: number, after: number, limit: number): Promise<RecordLink[] | null> {
    return traderId === 7 ? this.chain.filter((l) => l.seq > after).slice(0, limit) : null;
  }
  async heads(traderId: number): Promise<RecordHead[] | null> {
    const last = this.chain[this.chain.length - 1];
    return traderId === 7 ? [{ date: '2026-11-27', seq: last.seq, hash: last.hash, final: false }] : null;
  }
}

describe('ReadTraderRecordUseCase', () => {
  const record = new InMemoryRecord();
  const read = new ReadTraderRecordUseCase(record);

  it('pages by seq: nextAfter is the last seq of a full page, null at the end and past it', async () => {
    expect(await read.links(7, 0, 2)).toEqual({ items: record.chain.slice(0, 2), nextAfter: 2 });
    expect(await read.links(7, 2, 2)).toEqual({ items: record.chain.slice(2), nextAfter: null });
    expect(await read.links(7, 3)).toEqual({ items: [], nextAfter: null });
    expect(await read.links(7, 99)).toEqual({ items: [], nextAfter: null });
  });

  it('a missing or non-public trader is COPY.TRADER_NOT_FOUND', async () => {
    await expect(read.links(8)).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    await expect(read.heads(8)).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    expect((await read.heads(7)).items).toEqual([{ date: '2026-11-27', seq: 3, hash: record.chain[2].hash, final: false }]);
  });
});
