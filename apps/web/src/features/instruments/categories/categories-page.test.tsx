import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/server';
import { fill, renderInstruments, serveMasterData } from '../test-fixtures';

describe('Categories', { timeout: 45_000 }, () => {
  it('adds a category from the page action, showing a name already used', async () => {
    serveMasterData();
    const sent: unknown[] = [];
    server.use(
      http.post(api('/instrument-categories'), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        if (body.name === 'Settlement') return HttpResponse.json({ name: 'A category with this name already exists' }, { status: 400 });
        return HttpResponse.json({ category_id: 2, name: body.name, type_count: 0 });
      }),
    );
    const { user } = renderInstruments('/en/master-data/category');
    const table = await screen.findByRole('table', { name: 'Categories' }, { timeout: 8000 });
    expect(await within(table).findByText('Settlement')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Settlement');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A category with this name already exists')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Groundwater');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category Groundwater added')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Settlement' }, { name: 'Groundwater' }]);
  });

  it('renames a category and deletes one after a confirmation that says its types stay', async () => {
    serveMasterData();
    const calls: string[] = [];
    server.use(
      http.put(api('/instrument-categories/:id'), async ({ params, request }) => {
        const body = (await request.json()) as { name: string };
        calls.push(`PUT ${String(params.id)} ${body.name}`);
        return HttpResponse.json({ category_id: 1, name: body.name, type_count: 1 });
      }),
      http.delete(api('/instrument-categories/:id'), ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderInstruments('/en/master-data/category');
    await user.click(await screen.findByRole('button', { name: 'Rename Settlement' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Settlement');
    await user.clear(name);
    await fill(user, name, 'Ground movement');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Category Ground movement saved');

    await user.click(await screen.findByRole('button', { name: 'Delete Settlement' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete category' });
    expect(within(confirm).getByText('Delete category Settlement? Its 1 instrument type stays, without a category.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toEqual(['PUT 1 Ground movement', 'DELETE 1']));
  });
});
