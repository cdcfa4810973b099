import { AsyncBlock } from '../../../components/ui/states';
import { useRecordHeads } from '../api/get-record-heads';

/**
 * The trader page's verifiable record (product.md §12.4): the head of the hash chain of the closed trades, which
 * anyone can recompute from the public API (docs/copy-trading.md has the script) and compare with the daily heads.
 */
/** "Nov 27, 2026": a UTC day, as the heads name it. */
const dayName = (day: string): string => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function TraderRecordSection({ traderId }: { traderId: string }) {
  const { heads, error, isLoading, mutate } = useRecordHeads(traderId);
  return (
    <section className="card" aria-labelledby="record-title" data-testid="trader-record">
      <h2 id="record-title">Verifiable record</h2>
      <AsyncBlock data={heads} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading the record">
        {(items) => {
          const head = items[items.length - 1];
          if (!head) return <p className="muted">No trade has closed on the record yet.</p>;
          return (
            <>
              <dl className="details">
                <div><dt>Closed trades on the record</dt><dd data-testid="record-seq">{head.seq}</dd></div>
                <div>
                  <dt>{head.final ? `Head at the end of ${dayName(head.date)} (UTC)` : 'Head today, so far'}</dt>
                  <dd><code className="record-hash" data-testid="record-head">{head.hash}</code></dd>
                </div>
                <div><dt>Daily heads</dt><dd>{items.length}</dd></div>
              </dl>
              <p className="small muted">
                Every closed trade is chained into a SHA-256 hash of the one before it, in the order the trades closed. Editing or
                removing any past trade would change every later hash, so anyone can check that this history was never rewritten:
                recompute the chain from <code>/api/traders/{traderId}/record</code> and compare it with the daily heads
                at <code>/api/traders/{traderId}/record/heads</code>.
              </p>
            </>
          );
        }}
      </AsyncBlock>
    </section>
  );
}
