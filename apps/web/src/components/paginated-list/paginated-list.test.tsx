import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { groupItems } from './group-items';
import { pageCount, PaginatedList, type PaginatedListItem } from './paginated-list';
import { usePageParams } from './use-page-params';

interface Item extends PaginatedListItem {
  kind: string;
}

const items = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    title: `Item ${from + i}`,
    subtitle: `Subtitle ${from + i}`,
    kind: (from + i) % 2 === 0 ? 'Even' : 'Odd',
  }));

/** A list whose owner "fetches" the page the URL names, as a feature would. */
function Owner({ total, onPageChange, grouped = false }: { total: number; onPageChange?: (page: number) => void; grouped?: boolean }) {
  const { page, pageSize } = usePageParams();
  const start = (page - 1) * pageSize;
  const pageItems = start >= total ? [] : items(start + 1, Math.min(pageSize, total - start));
  return (
    <>
      <output data-testid="params">{`${page}/${pageSize}`}</output>
      <PaginatedList label="Sample list" items={pageItems} total={total} onPageChange={onPageChange} groupBy={grouped ? 'kind' : undefined} />
    </>
  );
}

const pageButtons = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => /^\d+$/.test(text ?? ''));

describe('PaginatedList', { timeout: 20_000 }, () => {
  it('shows 20 items a page by default, with title, subtitle and initials', () => {
    renderWidget(<Owner total={50} />, { url: '/list' });
    const list = screen.getByRole('list', { name: 'Sample list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByText('Item 1')).not.toBeNull();
    expect(within(list).getByText('Subtitle 1')).not.toBeNull();
    expect(within(list).getAllByText('I1')[0]).not.toBeNull();
  });

  it('mirrors the page and page size in the URL as page-num and page-size', async () => {
    const onPageChange = vi.fn();
    const { user, location } = renderWidget(<Owner total={50} onPageChange={onPageChange} />, { url: '/list?tab=a' });
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(location()).toBe('/list?tab=a&page-num=2&page-size=20');
    expect(onPageChange).toHaveBeenCalledWith(2, 20);
    expect(screen.getByText('Item 21')).not.toBeNull();
  });

  it('reads the page and page size from the URL', () => {
    renderWidget(<Owner total={50} />, { url: '/list?page-num=3&page-size=10' });
    expect(screen.getByTestId('params').textContent).toBe('3/10');
    expect(screen.getByText('Item 21')).not.toBeNull();
    expect(screen.getByRole('button', { name: /page 3/i }).getAttribute('aria-current')).toBe('page');
  });

  it('goes back to page 1 when the page starts at or beyond the total', async () => {
    const { location } = renderWidget(<Owner total={40} />, { url: '/list?page-num=3&page-size=20' });
    await waitFor(() => expect(location()).toBe('/list?page-num=1&page-size=20'), { timeout: 5000 });
    expect(screen.getByText('Item 1')).not.toBeNull();
  });

  it('keeps a page whose start is below the total', () => {
    const { location } = renderWidget(<Owner total={41} />, { url: '/list?page-num=3&page-size=20' });
    expect(location()).toBe('/list?page-num=3&page-size=20');
    expect(screen.getByText('Item 41')).not.toBeNull();
  });

  it('shows the pager only when the total exceeds the page size', () => {
    const { unmount } = renderWidget(<Owner total={20} />, { url: '/list' });
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    renderWidget(<Owner total={21} />, { url: '/list' });
    expect(pageButtons()).toEqual(['1', '2']);
  });

  // Five items, as Vuetify's total-visible 5 counts them: page buttons plus the gaps ("…") between them.
  it('rounds the page count up and shows 5 page buttons', async () => {
    expect(pageCount(50, 20)).toBe(3);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(0);
    const { user } = renderWidget(<Owner total={200} />, { url: '/list?page-size=10' });
    const slots = () => within(screen.getByRole('navigation')).getAllByRole('listitem').length - 2; // less prev/next
    expect(pageButtons()).toEqual(['1', '2', '3', '20']);
    expect(slots()).toBe(5);
    await user.click(screen.getByRole('button', { name: /page 3/i }));
    expect(pageButtons()).toEqual(['1', '2', '3', '20']);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(pageButtons()).toEqual(['1', '4', '20']);
    expect(slots()).toBe(5);
  });

  it('groups items under a header per value of a field', () => {
    renderWidget(<Owner total={6} grouped />, { url: '/list' });
    const odd = screen.getByRole('list', { name: 'Odd' });
    const even = screen.getByRole('list', { name: 'Even' });
    expect(within(odd).getByText('Odd')).not.toBeNull();
    expect(
      within(odd)
        .getAllByText(/^Item/)
        .map((n) => n.textContent),
    ).toEqual(['Item 1', 'Item 3', 'Item 5']);
    expect(
      within(even)
        .getAllByText(/^Item/)
        .map((n) => n.textContent),
    ).toEqual(['Item 2', 'Item 4', 'Item 6']);
  });

  it('says "No data to display" for an empty list', () => {
    renderWidget(<Owner total={0} />, { url: '/list' });
    expect(screen.getByText('No data to display')).not.toBeNull();
  });

  it('follows the back button', async () => {
    const { user, router } = renderWidget(<Owner total={50} />, { url: '/list' });
    await user.click(screen.getByRole('button', { name: /page 3/i }));
    expect(screen.getByTestId('params').textContent).toBe('3/20');
    await act(() => router!.navigate(-1));
    expect(screen.getByTestId('params').textContent).toBe('1/20');
  });
});

describe('groupItems', () => {
  it('keeps groups in the order their first item comes, by field or function', () => {
    const list = [
      { id: 1, t: 'b' },
      { id: 2, t: 'a' },
      { id: 3, t: 'b' },
    ];
    expect(groupItems(list, 't')).toEqual([
      { key: 'b', items: [list[0], list[2]] },
      { key: 'a', items: [list[1]] },
    ]);
    expect(groupItems(list, (item) => (item.id > 1 ? 'late' : 'early')).map((g) => g.key)).toEqual(['early', 'late']);
  });
});
