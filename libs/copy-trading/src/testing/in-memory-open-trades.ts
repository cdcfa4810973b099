import type { TransactionContext } from '@mirrorline/shared';
import { OpenTradesStore, type CopiedPositionInput, type OpenTradeToCopy } from '../application/ports/open-trades-store';
import type { FakeLedger } from './in-memory-copy-trading';

/** OpenTradesStore in memory for unit specs: the trades a spec sets, positions sized on the FakeLedger's copy equity. */
export class InMemoryOpenTradesStore extends OpenTradesStore {
  readonly trades = new Map<number, OpenTradeToCopy[]>();
  readonly positions: Array<CopiedPositionInput & { size: bigint }> = [];

  constructor(private readonly ledger: FakeLedger) {
    super();
  }

  async openTrades(_tx: TransactionContext, traderId: number): Promise<OpenTradeToCopy[]> {
    return [...(this.trades.get(traderId) ?? [])].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || Number(a.id) - Number(b.id));
  }

  async openPosition(_tx: TransactionContext, input: CopiedPositionInput): Promise<bigint> {
    const committed = this.positions.filter((p) => p.copyId === input.copyId).reduce((sum, p) => sum + p.size, 0n);
    const free = BigInt(this.ledger.equityOf(input.followerId, input.copyId)) - committed;
    const size = free > 0n ? (free * BigInt(input.allocationPct)) / 100n : 0n;
    if (size > 0n) this.positions.push({ ...input, size });
    return size;
  }
}
