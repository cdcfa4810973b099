import type { ReactNode } from 'react';
import { AsyncBlock, EmptyState } from './states';
import { Pager } from './pager';
import { SkeletonTable } from './skeleton';

export interface Column<T> {
  /** The column's name: the header, and the label of the cell in the phone's card layout. */
  header: string;
  /** Keep the header for screen readers only (an actions column). */
  hideHeader?: boolean;
  /** A longer explanation shown as the header's tooltip. */
  title?: string;
  className?: string;
  /** The cell is the row's header (`<th scope="row">`), e.g. the month of a monthly table. */
  rowHeader?: boolean;
  /** A test id for the row's cell in this column. */
  testId?: (row: T) => string;
  /** The cell's content (absent when the table's `renderRow` draws whole rows). */
  cell?: (row: T, index: number) => ReactNode;
}

/**
 * How the table looks: `cards` (the default: text table, rows become cards on a phone), `prices` (figures
 * right-aligned in tabular digits, for quotes and money), `plain` (no scroll region, the look given by `className`).
 */
export type TableLook = 'cards' | 'prices' | 'plain';

const LOOKS: Record<TableLook, { wrap: string | null; table: string }> = {
  cards: { wrap: 'table-wrap', table: 'table table--cards' },
  prices: { wrap: 'markets-scroll', table: 'markets-table' },
  plain: { wrap: null, table: '' },
};

/** Attributes of a body row: class, accessible name, test and data attributes. */
export type RowProps = { className?: string; 'aria-label'?: string } & { [data: `data-${string}`]: string | undefined };

/** A body cell carrying its column's name, shown before the value when rows become cards on a phone. */
export function Cell({ label, className, testId, rowHeader, children }: { label: string; className?: string; testId?: string; rowHeader?: boolean; children?: ReactNode }) {
  return rowHeader ? (
    <th scope="row" data-label={label} className={className} data-testid={testId}>
      {children}
    </th>
  ) : (
    <td data-label={label} className={className} data-testid={testId}>
      {children}
    </td>
  );
}

export interface DataTableProps<T> {
  /** The table's accessible name (also the scroll region's unless `regionLabel`). */
  label: string;
  /** The scroll region's accessible name when it differs from the table's. */
  regionLabel?: string;
  look?: TableLook;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  /** Attributes of a row (class, aria-label). */
  rowProps?: (row: T) => RowProps;
  /** A whole row rendered by a component (rows with their own state); it must render `<tr>` of `<Cell>`s. */
  renderRow?: (row: T, index: number) => ReactNode;
  error?: unknown;
  isLoading?: boolean;
  onRetry?: () => void;
  loadingLabel?: string;
  empty?: ReactNode;
  /** Paging: "Page n of m" under the table when there is more than one page. */
  page?: number;
  pages?: number;
  onPage?: (page: number) => void;
  pagerLabel?: string;
  className?: string;
}

/**
 * The one table of the SPA: loading (skeleton rows), error (with retry), empty, the rows, and a pager.
 * The scroll region is keyboard-focusable; the first column stays put while the rest scrolls; on a
 * phone every row becomes a card of "label value" lines, so nothing scrolls sideways.
 */
export function DataTable<T>({
  label,
  regionLabel,
  look = 'cards',
  columns,
  rows,
  rowKey,
  rowProps,
  renderRow,
  error,
  isLoading = false,
  onRetry,
  loadingLabel = 'Loading',
  empty,
  page,
  pages,
  onPage,
  pagerLabel,
  className,
}: DataTableProps<T>) {
  return (
    <AsyncBlock
      data={rows}
      error={error}
      isLoading={isLoading}
      onRetry={onRetry}
      loadingLabel={loadingLabel}
      loading={<SkeletonTable label={loadingLabel} columns={columns.length} />}
      isEmpty={(r) => r.length === 0}
      empty={empty ?? <EmptyState title="Nothing here yet" />}
    >
      {(list) => (
        <>
          <ScrollRegion className={LOOKS[look].wrap} label={regionLabel ?? label}>
            <table className={`${LOOKS[look].table} ${className ?? ''}`.trim() || undefined} aria-label={label}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col" title={c.title} className={c.className}>
                      {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((row, i) =>
                  renderRow ? (
                    <Fragmentless key={rowKey(row, i)}>{renderRow(row, i)}</Fragmentless>
                  ) : (
                    <tr key={rowKey(row, i)} {...rowProps?.(row)}>
                      {columns.map((c) => (
                        <Cell key={c.header} label={c.header} className={c.className} testId={c.testId?.(row)} rowHeader={c.rowHeader}>
                          {c.cell?.(row, i)}
                        </Cell>
                      ))}
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </ScrollRegion>
          {page !== undefined && pages !== undefined && onPage && <Pager label={pagerLabel ?? `${label} pages`} page={page} pages={pages} onPage={onPage} />}
        </>
      )}
    </AsyncBlock>
  );
}

/** The keyboard-focusable scroll region around a table (none for the `plain` look). */
function ScrollRegion({ className, label, children }: { className: string | null; label: string; children: ReactNode }) {
  if (className === null) return <>{children}</>;
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function Fragmentless({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** Pages of a `{total, limit}` answer (at least 1). */
export function pageCount(result: { total: number; limit: number } | undefined, fallbackLimit = 20): number {
  if (!result) return 1;
  return Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || fallbackLimit)));
}
