import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { Cell, DataTable, pageCount, type Column } from './data-table';

interface Row { id: string; name: string; pnl: string }
const columns: Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'PnL', cell: (r) => r.pnl },
  { header: 'Actions', hideHeader: true, cell: (r) => <button type="button">Edit {r.name}</button> },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]>) {
  return render(
    <MemoryRouter>
      <DataTable<Row> label="People" columns={columns} rows={undefined} rowKey={(r) => r.id} loadingLabel="Loading people" {...props} />
    </MemoryRouter>,
  );
}

describe('DataTable', () => {
  it('shows skeleton rows with a live label while loading', () => {
    table({ rows: undefined, isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading people');
    expect(screen.queryByRole('table', { name: 'People' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry when nothing is loaded', () => {
    const onRetry = vi.fn();
    table({ rows: undefined, error: new ApiError(500, { message: 'Down' }), onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Down');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('shows the empty state for no rows', () => {
    table({ rows: [], empty: <p>No people yet</p> });
    expect(screen.getByText('No people yet')).toBeInTheDocument();
  });

  it('renders rows with labelled cells (card layout), a focusable scroll region and a hidden actions header', () => {
    table({ rows: [{ id: '1', name: 'Ada', pnl: '+$1.00' }] });
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('tabindex', '0');
    const t = within(region).getByRole('table', { name: 'People' });
    expect(within(t).getByRole('columnheader', { name: 'Actions' }).querySelector('.visually-hidden')).not.toBeNull();
    const cells = within(t).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'PnL', 'Actions']);
    expect(cells[1]).toHaveTextContent('+$1.00');
  });

  it('pages: shows "Page n of m" and moves', () => {
    const onPage = vi.fn();
    table({ rows: [{ id: '1', name: 'Ada', pnl: '0' }], page: 1, pages: 3, onPage, pagerLabel: 'People pages' });
    expect(screen.getByRole('navigation', { name: 'People pages' })).toHaveTextContent('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('renders whole rows through renderRow with Cell', () => {
    table({ rows: [{ id: '1', name: 'Ada', pnl: '0' }], renderRow: (r) => <tr><Cell label="Name">{r.name}!</Cell></tr> });
    expect(screen.getByRole('cell')).toHaveTextContent('Ada!');
  });

  it('pageCount rounds up and is at least 1', () => {
    expect(pageCount(undefined)).toBe(1);
    expect(pageCount({ total: 0, limit: 20 })).toBe(1);
    expect(pageCount({ total: 41, limit: 20 })).toBe(3);
  });
  it('the prices look: its own scroll region name, row headers, cell test ids and row data attributes', () => {
    const priced: Column<Row>[] = [
      { header: 'Name', rowHeader: true, cell: (r) => r.name },
      { header: 'PnL', testId: (r) => `pnl-${r.id}`, cell: (r) => r.pnl },
    ];
    table({ look: 'prices', regionLabel: 'People prices', columns: priced, rows: [{ id: '1', name: 'Ada', pnl: '+$1.00' }], rowProps: (r) => ({ 'data-person': r.id }) });
    const region = screen.getByRole('region', { name: 'People prices' });
    expect(region).toHaveClass('markets-scroll');
    const t = within(region).getByRole('table', { name: 'People' });
    expect(t).toHaveClass('markets-table');
    expect(t).not.toHaveClass('table--cards');
    const row = within(t).getAllByRole('row')[1];
    expect(row).toHaveAttribute('data-person', '1');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Ada');
    expect(screen.getByTestId('pnl-1')).toHaveTextContent('+$1.00');
  });

  it('the plain look has no scroll region; renderRow draws whole rows under header-only columns', () => {
    table({
      look: 'plain',
      columns: [{ header: 'Name' }, { header: 'PnL' }],
      rows: [{ id: '1', name: 'Ada', pnl: '0' }],
      renderRow: (r) => (
        <tr>
          <Cell label="Name">{r.name}</Cell>
          <Cell label="PnL">{r.pnl}</Cell>
        </tr>
      ),
    });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'People' }).className).toBe('');
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ada', '0']);
  });
});
