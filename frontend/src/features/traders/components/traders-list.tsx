import { useSearchParams } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { SelectField, TextField } from '../../../components/ui/field';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { useTraders } from '../api/get-traders';
import { SORTS, TRADER_TYPES, type TraderSort } from '../api/types';
import { TraderCard } from './trader-card';
import { Pager } from '../../../components/ui/pager';
import { SkeletonCard } from '../../../components/ui/skeleton';

/** The trader card's height (global.css .trader-card min-height), reserved by the skeletons. */
const TRADER_CARD_HEIGHT = 300;

export function TradersList() {
  const [params, setParams] = useSearchParams();
  const sort = (SORTS.some((s) => s.value === params.get('sort')) ? params.get('sort') : 'roi') as TraderSort;
  const traderType = params.get('traderType') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  // the list follows the typing after a short pause (one request per pause, not per key)
  useEffect(() => {
    if (typed.trim() === search) return;
    const t = setTimeout(() => update({ q: typed.trim(), page: '' }), 300);
    return () => clearTimeout(t);
  });
  const { page: result, error, isLoading, mutate } = useTraders({ sort, traderType, search, page });

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 12))) : 1;

  return (
    <div className="container page">
      <header className="page__header">
        <p className="eyebrow">Traders</p>
        <h1>Find a trader to copy</h1>
        <p className="lead muted">Statistics are computed from closed trades. Past performance is no guarantee of future results.</p>
      </header>
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
        empty={<EmptyState title="No traders match these filters">Try another trader type.</EmptyState>}
      >
        {(r) => (
          <>
            <div className="grid grid--3 traders-grid">
              {r.items.map((t) => (
                <TraderCard key={t.id} trader={t} />
              ))}
            </div>
            <Pager label="Pages" page={page} pages={pages} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </AsyncBlock>
    </div>
  );
}
