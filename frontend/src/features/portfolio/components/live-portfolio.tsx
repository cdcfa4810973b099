import { Button } from '../../../components/ui/button';
import { copyKeys, tradeKeys, walletKeys } from '../../../lib/query-keys';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useLiveEvents } from '../../../lib/live-events';
import type { LiveQuote } from '../../../lib/market-stream';
import { sumMoney } from '../../../lib/live-pnl';
import { livePosition, useLiveCopyFigures } from '../../../lib/live-copies';
import { keyMatches } from '../../../lib/swr-keys';
import { formatMoney, formatPrice, toCents } from '../../../lib/money';
import { LiveStatus } from '../../../components/market/live-status';
import { Money, Pnl } from '../../../components/ui/money';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { Cell, DataTable, type Column } from '../../../components/ui/data-table';
import { copiesOf, useCash, useLiveCopies, type Position } from '../api/portfolio';

const LIVE_TYPES = new Set(['position_opened', 'position_closed', 'copy_stopped', 'guard_hit', 'wallet_transaction_decided', 'reconnected']);

function pctOf(part: string, whole: string): string {
  const w = toCents(whole);
  const p = toCents(part);
  if (!w || p === null) return '—';
  const bp = (p * 10_000n) / w; // basis points, toward zero
  const sign = bp < 0n ? '-' : bp > 0n ? '+' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}%`;
}

/** A receipt's delay: ms for a fill at the trader's (0 ms), minutes or hours for an open trade copied later. */
export function formatDelay(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 172_800_000) return `${Math.round(ms / 3_600_000)} h`;
  return `${Math.round(ms / 86_400_000)} d`;
}

function Receipt({ p }: { p: Position }) {
  if (!p.receipt) return <span className="muted">—</span>;
  return (
    <span className="small">
      trader {formatPrice(p.receipt.traderFill)} · you {formatPrice(p.receipt.copierFill)} · {formatDelay(p.receipt.delayMs)} · {p.receipt.slippageBps} bps
    </span>
  );
}

const LivePnl = ({ pnl }: { pnl: string | null }) => (pnl === null ? <>—</> : <Pnl value={pnl} />);

function Positions({ positions, quotes, stale }: { positions: Position[]; quotes: Record<string, LiveQuote>; stale: boolean }) {
  const live = (p: Position) => livePosition(p, stale ? undefined : quotes[p.symbol]);
  const columns: Column<Position>[] = [
    { header: 'Symbol', cell: (p) => p.symbol },
    { header: 'Side', cell: (p) => p.side },
    { header: 'Size', cell: (p) => formatMoney(p.size) },
    { header: 'Fill', cell: (p) => formatPrice(p.entryPrice) },
    { header: 'Mark', testId: () => 'mark', cell: (p) => formatPrice(live(p).mark) },
    { header: 'Unrealized', testId: () => 'unrealized', cell: (p) => <LivePnl pnl={live(p).pnl} /> },
    { header: 'Fill receipt', cell: (p) => <Receipt p={p} /> },
  ];
  return (
    <DataTable
      label="Positions"
      regionLabel="Open positions"
      look="prices"
      className="table--cards"
      columns={columns}
      rows={positions}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': `position-${p.symbol}`, className: stale ? 'is-stale' : undefined })}
      empty={<p className="muted">No open positions.</p>}
    />
  );
}

/** The live copies' headers; each row (and its drill-down) is drawn by the table's renderRow. */
const COPY_COLUMNS: Column<unknown>[] = [
  { header: 'Trader' },
  { header: 'Invested' },
  { header: 'Live equity' },
  { header: 'Unrealized' },
  { header: 'Open' },
  { header: 'Positions', hideHeader: true },
];

/**
 * The live portfolio on the overview: total equity (cash + live copy equity), total pnl (realized +
 * unrealized), and each copy with live equity, unrealized pnl in $ and %, invested and open positions,
 * drilled down to its positions (live mark, unrealized pnl, fill receipt). Live: quotes from
 * market/stream move the marks, events/stream (a position opened/closed, a copy stopped, a transaction
 * decided) revalidates the lists, and the server's figures are re-read every 15 s.
 */
export function LivePortfolio() {
  const { mutate } = useSWRConfig();
  useLiveEvents((e) => {
    if (LIVE_TYPES.has(e.type)) void mutate(keyMatches(copyKeys.all, tradeKeys.all, walletKeys.all));
  });
  // the copies' live figures: the same computation as "My copies" (lib/live-copies.ts)
  const { quotes, status, stale, live } = useLiveCopyFigures();
  const copiesQuery = useLiveCopies();
  const cashQuery = useCash();
  const [open, setOpen] = useState<string | null>(null);
  const copies = copiesOf(copiesQuery.data);

  if (copiesQuery.error && !copies) return <ErrorState error={copiesQuery.error} onRetry={() => void copiesQuery.mutate()} />;
  if (!copies || !cashQuery.data) return <LoadingState label="Loading your portfolio" />;

  const running = copies.filter((c) => c.status !== 'stopped');
  const rows = running.map((c) => ({ copy: c, ...live(c) }));
  const copyEquity = sumMoney(rows.map((r) => r.equity));
  const totalEquity = sumMoney([cashQuery.data.balance, copyEquity]);
  const totalPnl = sumMoney([...copies.map((c) => c.pnl), ...rows.map((r) => r.unrealized)]);

  return (
    <section className="card stack" aria-labelledby="portfolio-h">
      <header className="page-head">
        <h2 id="portfolio-h">Portfolio</h2>
        <LiveStatus status={status} />
      </header>
      <dl className={`stat-grid ${stale ? 'is-stale' : ''}`}>
        <div>
          <dt>Total equity</dt>
          <dd data-testid="total-equity">
            <Money value={totalEquity} />
          </dd>
        </div>
        <div>
          <dt>Cash</dt>
          <dd>
            <Money value={cashQuery.data.balance} />
          </dd>
        </div>
        <div>
          <dt>Copy equity (live)</dt>
          <dd>
            <Money value={copyEquity} />
          </dd>
        </div>
        <div>
          <dt>Total pnl</dt>
          <dd data-testid="total-pnl">
            <Pnl value={totalPnl} />
          </dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <p className="muted">
          You copy nobody yet. <Link to="/traders">Find a trader</Link>
        </p>
      ) : (
        <DataTable
          label="Live copies"
          look="prices"
          className="table--cards"
          columns={COPY_COLUMNS}
          rows={rows}
          rowKey={(r) => r.copy.id}
          renderRow={({ copy, unrealized, equity, positions: mine }) => (
            <>
              <tr data-testid={`copy-${copy.traderName}`} className={stale ? 'is-stale' : undefined}>
                <Cell label="Trader">
                  <span>
                    <Link to={`/traderinfo/${copy.traderId}`}>{copy.traderName}</Link>
                    {copy.status !== 'active' && <span className="muted small"> ({copy.status})</span>}
                  </span>
                </Cell>
                <Cell label="Invested">
                  <Money value={copy.invested} />
                </Cell>
                <Cell label="Live equity" testId="live-equity">
                  <Money value={equity} />
                </Cell>
                <Cell label="Unrealized" testId="copy-unrealized">
                  <span>
                    <Pnl value={unrealized} /> <span className="muted small">{pctOf(unrealized, copy.invested)}</span>
                  </span>
                </Cell>
                <Cell label="Open">{copy.openPositions}</Cell>
                <Cell label="Positions" className="actions">
                  <Button size="sm" aria-label={`Positions of ${copy.traderName}`} aria-expanded={open === copy.id} onClick={() => setOpen(open === copy.id ? null : copy.id)}>
                    Positions
                  </Button>
                </Cell>
              </tr>
              {open === copy.id && (
                <tr>
                  <td colSpan={6} className="cell-span">
                    <Positions positions={mine} quotes={quotes} stale={stale} />
                  </td>
                </tr>
              )}
            </>
          )}
        />
      )}
    </section>
  );
}
