import { screen, within } from '@testing-library/react';
import { NO_VALUE } from '@strata/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWidget } from '../../test/render-widget';
import { clientPage } from './client-page';
import { DataTable, type DataTableProps } from './data-table';
import { toLimitSkip, type DataTableColumn } from './data-table-types';

interface Reading {
  id: number;
  instrument: string;
  value: number;
  taken_at: string;
}

const COLUMNS: DataTableColumn<Reading>[] = [
  { id: 'instrument', label: 'Instrument', sortable: true },
  { id: 'value', label: 'Value', format: 'number', sortable: true },
  { id: 'taken_at', label: 'Taken at', format: 'datetime' },
];

const ROWS: Reading[] = [
  { id: 1, instrument: 'SM-0101', value: 1.234, taken_at: '2024-03-05T07:04:09Z' },
  { id: 2, instrument: 'SM-0102', value: NO_VALUE, taken_at: '2024-03-05T08:00:00Z' },
];

/** `styles`: Emotion's styles in document.head, for a test that reads a computed style. */
function renderTable(props: Partial<DataTableProps<Reading>> = {}, { styles = false } = {}) {
  const onChange = vi.fn();
  const view = renderWidget(
    <DataTable label="Readings" columns={COLUMNS} rows={ROWS} total={42} page={1} pageSize={10} onChange={onChange} getRowId={(row) => row.id} {...props} />,
    { styles },
  );
  return { ...view, onChange };
}

describe('DataTable', { timeout: 20_000 }, () => {
  it('shows the rows with their formats: 2 decimals, -2147483648 empty, DD/MM/YYYY HH:mm:ss', () => {
    renderTable();
    const rows = within(screen.getByRole('table', { name: 'Readings' })).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['SM-0101', '1.23', '05/03/2024 15:04:09']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['SM-0102', '', '05/03/2024 16:00:00']);
  });

  it('offers page sizes 5, 10, 25 and 50 and asks for page 1 of the new size', async () => {
    const { user, onChange } = renderTable({ page: 3 });
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, sort: null });
  });

  it('asks for the next and previous page (1-based)', async () => {
    const { user, onChange } = renderTable({ page: 2, sort: { by: 'value', direction: 'desc' } });
    expect(screen.getByText('11–20 of 42')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageSize: 10, sort: { by: 'value', direction: 'desc' } });
    await user.click(screen.getByRole('button', { name: /previous page/i }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: { by: 'value', direction: 'desc' } });
  });

  it('sorts by a sortable column: ascending first, then descending, back to page 1', async () => {
    const { user, onChange, rerender } = renderTable({ page: 3 });
    expect(within(screen.getByRole('columnheader', { name: 'Taken at' })).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Value' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: { by: 'value', direction: 'asc' } });
    rerender(
      <DataTable
        label="Readings"
        columns={COLUMNS}
        rows={ROWS}
        total={42}
        page={1}
        pageSize={10}
        sort={{ by: 'value', direction: 'asc' }}
        onChange={onChange}
        getRowId={(row) => row.id}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Value/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Value/ }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: { by: 'value', direction: 'desc' } });
  });

  it('says "No data to display" when there are no rows', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No data to display')).not.toBeNull();
  });

  it('shows skeleton rows while the first page loads, and keeps the rows under a progress bar later', () => {
    const { rerender } = renderTable({ rows: [], total: 0, loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No data to display')).toBeNull();
    rerender(<DataTable label="Readings" columns={COLUMNS} rows={ROWS} total={42} page={1} pageSize={10} onChange={() => {}} getRowId={(r) => r.id} loading />);
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByRole('progressbar')).not.toBeNull();
    expect(screen.getByText('SM-0101')).not.toBeNull();
  });

  it('shows "Failed to fetch data" with a retry when the fetch failed', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ rows: [], error: new Error('boom'), onRetry });
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch data');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry when the answer was not found (404): asking again cannot help', () => {
    renderTable({ rows: [], error: new ApiError(404, 'Not found', 'Not found'), onRetry: vi.fn() });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('scrolls sideways on narrow screens', () => {
    renderTable({}, { styles: true });
    const container = screen.getByRole('table').parentElement!;
    expect(getComputedStyle(container).overflowX).toBe('auto');
  });
});

describe('table paging helpers', () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `R${String(12 - i).padStart(2, '0')}`, v: i % 3 === 0 ? null : i }));

  it('turns a page into limit and skip', () => {
    expect(toLimitSkip({ page: 3, pageSize: 25 })).toEqual({ limit: 25, skip: 50 });
  });

  it('pages and sorts rows held in memory, empty values last', () => {
    expect(clientPage(rows, { page: 2, pageSize: 5, sort: null }).rows.map((r) => r.id)).toEqual([6, 7, 8, 9, 10]);
    expect(clientPage(rows, { page: 1, pageSize: 3, sort: { by: 'name', direction: 'asc' } }).rows.map((r) => r.name)).toEqual(['R01', 'R02', 'R03']);
    const desc = clientPage(rows, { page: 1, pageSize: 12, sort: { by: 'v', direction: 'desc' } }).rows.map((r) => r.v);
    expect(desc.slice(0, 3)).toEqual([11, 10, 8]);
    expect(desc.slice(-4)).toEqual([null, null, null, null]);
    expect(clientPage(rows, { page: 1, pageSize: 5, sort: null }).total).toBe(12);
  });
});
