import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../../test/render-widget';
import { GalleryData } from './gallery-data';

/** The page is busy (dialogs opening and closing over a long page): allow for a slow machine. */
const SLOW = { timeout: 5000 };

describe('gallery sample list and table', { timeout: 60_000 }, () => {
  it('has 50 items and announces a page change', async () => {
    const { user, location } = renderWidget(<GalleryData />, { url: '/en/test-component' });
    const list = screen.getByRole('region', { name: 'Paginated list' });
    expect(within(list).getAllByRole('button', { name: /^Remove / })).toHaveLength(20);
    expect(within(list).getByRole('button', { name: /page 3/i })).not.toBeNull();
    expect(within(list).queryByRole('button', { name: /page 4/i })).toBeNull();

    await user.click(within(list).getByRole('button', { name: /page 2/i }));
    expect(location()).toBe('/en/test-component?page-num=2&page-size=20');
    expect(screen.getByRole('alert').textContent).toContain('Loading page 2 ..');
    expect(await within(list).findByRole('button', { name: 'Remove 21' }, SLOW)).not.toBeNull();
  });

  it('asks "Are you sure to delete {id} ?" and removes only on OK', async () => {
    const { user } = renderWidget(<GalleryData />, { url: '/en/test-component?page-num=2' });
    const list = screen.getByRole('region', { name: 'Paginated list' });
    await user.click(within(list).getByRole('button', { name: 'Remove 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' }, SLOW);
    expect(within(dialog).getByText('Are you sure to delete 21 ?')).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The page is hidden from assistive technology until the dialog has gone.
    await user.click(await within(list).findByRole('button', { name: 'Remove 21' }, SLOW));
    await user.click(within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'OK' }));
    expect(await within(list).findByRole('button', { name: 'Remove 22' }, SLOW)).not.toBeNull();
    expect(within(list).queryByRole('button', { name: 'Remove 21' })).toBeNull();
  });

  it('confirms a removal with "Item {id} deleted"', async () => {
    const { user } = renderWidget(<GalleryData />, { url: '/en/test-component' });
    const list = screen.getByRole('region', { name: 'Paginated list' });
    await user.click(within(list).getByRole('button', { name: 'Remove 3' }));
    await user.click(within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Item 3 deleted', {}, SLOW)).not.toBeNull();
  });

  it('pages the 50 sample rows of the table through the table props', async () => {
    const { user } = renderWidget(<GalleryData />, { url: '/en/test-component' });
    const table = screen.getByRole('table', { name: 'Data table' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(screen.getByText('1–5 of 50')).not.toBeNull();
    const paper = table.closest<HTMLElement>('.MuiPaper-root')!;
    await user.click(within(paper).getByRole('button', { name: /next page/i }));
    expect(screen.getByText('6–10 of 50')).not.toBeNull();
    expect(within(table).getByText('SM-0106')).not.toBeNull();
  });
});
