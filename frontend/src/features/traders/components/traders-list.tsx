import { Button } from '../../../components/ui/button';
import { useSearchParams } from 'react-router-dom';
import { useLayoutEffect, useState } from 'react';
import { SelectField, TextField } from '../../../components/ui/field';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { useSession } from '../../../lib/auth-session';
import { useTraders } from '../api/get-traders';
import { DEFAULT_PERIOD, MARKETS, PERIODS, periodOf, SORTS, TRADER_TYPES, type TraderSort } from '../api/types';
import { TraderCard } from './trader-card';
import { Pager } from '../../../components/ui/pager';
import { SkeletonCard } from '../../../components/ui/skeleton';

/** The trader card's height (global.css .trader-card min-height), reserved by the skeletons. */
const TRADER_CARD_HEIGHT = 300;

/** One filter of the list as chips: each chip sets the URL parameter `param` to its value; the pressed one clears it. */
interface ChipGroup {
  param: 'maxRisk' | 'maxDrawdown' | 'minDays' | 'market';
  label: string;
  chips: ReadonlyArray<{ value: string; label: string }>;
}

const CHIP_GROUPS: readonly ChipGroup[] = [
  { param: 'maxRisk', label: 'Risk', chips: [{ value: '3', label: 'Risk ≤ 3' }, { value: '6', label: 'Risk ≤ 6' }] },
  { param: 'maxDrawdown', label: 'Drawdown', chips: [{ value: '10', label: 'Drawdown ≤ 10%' }, { value: '25', label: 'Drawdown ≤ 25%' }] },
  { param: 'minDays', label: 'Days trading', chips: [{ value: '30', label: '30+ days' }, { value: '90', label: '90+ days' }, { value: '365', label: '1+ year' }] },
  { param: 'market', label: 'Market', chips: MARKETS.map((m) => ({ value: m, label: m })) },
];

const numberParam = (value: string | null): number | undefined => (value !== null && value !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined);

/**
 * GET /api/traders as a page: period tabs, filter chips, a sort and the name search, all kept in the URL's search
 * parameters (a reload or a shared link shows the same list). "Copy-ready" (my cash covers the trader's minimum
 * copy) is offered only when signed in: the API answers it for a caller only.
 */
export function TradersList() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const sort = (SORTS.some((s) => s.value === params.get('sort')) ? params.get('sort') : 'roi') as TraderSort;
  const period = periodOf(params.get('period')) ?? DEFAULT_PERIOD;
  const traderType = params.get('traderType') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const hideFull = params.get('hideFull') === 'true';
  const copyReady = session.isLoggedIn && params.get('copyReady') === 'true';
  const market = MARKETS.find((m) => m === params.get('market'));
  const [typed, setTyped] = useState(search);
  // The list follows the typing after a short pause (one request per pause, not per key). A layout effect, so that
  // leaving the page cancels the pending navigation to ?q=: when a link to a lazy route is clicked, Suspense keeps this
  // page mounted but hidden while the chunk loads, and only layout effects are cleaned up then (a passive effect's
  // timer would still fire and take the user back to the list).
  useLayoutEffect(() => {
    if (typed.trim() === search) return;
    const t = setTimeout(() => update({ q: typed.trim(), page: '' }), 300);
    return () => clearTimeout(t);
  });
  const { page: result, error, isLoading, mutate } = useTraders({
    sort,
    period,
    traderType,
    search,
    page,
    maxRisk: numberParam(params.get('maxRisk')),
    maxDrawdown: numberParam(params.get('maxDrawdown')),
    minDays: numberParam(params.get('minDays')),
    market,
    hideFull,
    copyReady,
  });

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const toggle = (param: string, value: string) => update({ [param]: params.get(param) === value ? '' : value, page: '' });
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 12))) : 1;
  const periodName = PERIODS.find((p) => p.value === period)!.name;

  return (
    <div className="container page">
      <header className="page__header">
        <p className="eyebrow">Traders</p>
        <h1>Find a trader to copy</h1>
        <p className="lead muted">
          Every figure is over the period you pick, with open trades at the market price. Past performance is no guarantee of future results.
        </p>
      </header>
      <div className="chart-toolbar period-tabs" role="group" aria-label="Period">
        {PERIODS.map((p) => (
          <Button key={p.value} variant="outline" size="sm" aria-pressed={p.value === period} onClick={() => update({ period: p.value === DEFAULT_PERIOD ? '' : p.value, page: '' })}>
            {p.label}
          </Button>
        ))}
      </div>
      <div className="toolbar" role="search" aria-label="Filter traders">
        <TextField label="Search by name" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. Nora" />
        <SelectField label="Sort by" value={sort} onChange={(e) => update({ sort: e.target.value, page: '' })}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>{s.label}</option>
          ))}
        </SelectField>
        <SelectField label="Trader type" value={traderType} onChange={(e) => update({ traderType: e.target.value, page: '' })}>
          <option value="">All types</option>
          {TRADER_TYPES.map((t) => (
            <option key={t} value={t}>{t}</option>
          ))}
        </SelectField>
      </div>
      <div className="filter-chips" aria-label="Filters" role="group">
        {CHIP_GROUPS.map((group) => (
          <div key={group.param} className="chart-toolbar filter-chips__group" role="group" aria-label={group.label}>
            {group.chips.map((chip) => (
              <Button key={chip.value} variant="outline" size="sm" className="chip" aria-pressed={params.get(group.param) === chip.value} onClick={() => toggle(group.param, chip.value)}>
                {chip.label}
              </Button>
            ))}
          </div>
        ))}
        <div className="chart-toolbar filter-chips__group" role="group" aria-label="Availability">
          <Button variant="outline" size="sm" className="chip" aria-pressed={hideFull} onClick={() => toggle('hideFull', 'true')}>
            Hide full
          </Button>
          {session.isLoggedIn && (
            <Button variant="outline" size="sm" className="chip" aria-pressed={copyReady} onClick={() => toggle('copyReady', 'true')}>
              Copy-ready
            </Button>
          )}
        </div>
      </div>
      <p className="small muted" data-testid="period-note">Figures over the {periodName}.</p>
      <AsyncBlock
        data={result}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading traders"
        loading={
          // as many card-sized placeholders as a page has cards: the page does not move when they arrive
          <div className="grid grid--3 traders-grid" role="status">
            <span className="visually-hidden">Loading traders</span>
            {Array.from({ length: 12 }, (_, i) => (
              <SkeletonCard key={i} height={TRADER_CARD_HEIGHT} />
            ))}
          </div>
        }
        isEmpty={(r) => r.items.length === 0}
        empty={<EmptyState title="No traders match these filters">Try another period, or fewer filters.</EmptyState>}
      >
        {(r) => (
          <>
            <div className="grid grid--3 traders-grid">
              {r.items.map((t) => (
                <TraderCard key={t.id} trader={t} cash={session.isLoggedIn ? session.balance : undefined} />
              ))}
            </div>
            <Pager label="Pages" page={page} pages={pages} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </AsyncBlock>
    </div>
  );
}
