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
  cell: (row: T, index: number) => ReactNode;
}

/** A body cell carrying its column's name, shown before the value when rows become cards on a phone. */
export function Cell({ label, className, testId, children }: { label: string; className?: string; testId?: string; children?: ReactNode }) {
  return (
    <td data-label={label} className={className} data-testid={testId}>
      {children}
    </td>
  );
}

export interface DataTableProps<T> {
  /** The table's accessible name (also the scroll region's). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  /** Attributes of a row (class, aria-label). */
  rowProps?: (row: T) => { className?: string; 'aria-label'?: string };
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
          <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
            <table className={`table table--cards ${className ?? ''}`.trim()} aria-label={label}>
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
                        <Cell key={c.header} label={c.header} className={c.className}>
                          {c.cell(row, i)}
                        </Cell>
                      ))}
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
          {page !== undefined && pages !== undefined && onPage && <Pager label={pagerLabel ?? `${label} pages`} page={page} pages={pages} onPage={onPage} />}
        </>
      )}
    </AsyncBlock>
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
