import type { TRole } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

function role(overrides: Partial<TRole>): TRole {
  return {
    role_id: 1,
    name: 'Role',
    description: '',
    permission_ids: [],
    permissions: [],
    user_count: 0,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const ROLES = [
  role({ role_id: 5, name: 'Site Engineer', description: 'Field staff', permissions: ['SearchUsers'], permission_ids: [3], user_count: 3 }),
  role({ role_id: 6, name: 'Viewer', user_count: 0 }),
  role({ role_id: 7, name: 'Auditor', permissions: ['ViewAuditLogs'], permission_ids: [9], user_count: 1 }),
];

const CATALOGUE = {
  groups: [
    {
      group: 'Admin',
      permissions: [
        { permission_id: 2, code: 'ManageRoles', label: 'Manage Roles' },
        { permission_id: 3, code: 'SearchUsers', label: 'Search Users' },
        { permission_id: 9, code: 'ViewAuditLogs', label: 'View Audit Logs' },
      ],
    },
  ],
};

function serve(deleted: string[], saved: unknown[] = []) {
  storeTestCredential();
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ManageRoles'] }))),
    http.get(api('/roles'), () => HttpResponse.json({ records: ROLES, total_records: ROLES.length })),
    http.get(api('/roles/:id'), ({ params }) => {
      const found = ROLES.find((r) => String(r.role_id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json('Role not found', { status: 404 });
    }),
    http.get(api('/permissions'), () => HttpResponse.json(CATALOGUE)),
    http.put(api('/roles/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { name: string; permissions: string[] };
      saved.push(body);
      return HttpResponse.json({ ...ROLES.find((r) => String(r.role_id) === params.id)!, ...body });
    }),
    http.delete(api('/roles/:id'), ({ request, params }) => {
      deleted.push(`${String(params.id)}${new URL(request.url).search}`);
      return HttpResponse.json({ ok: true, moved_users: 3 });
    }),
  );
}

describe('Edit Role', { timeout: 20_000 }, () => {
  it('asks which role the holders move to when deleting a role that users hold', async () => {
    const deleted: string[] = [];
    serve(deleted);
    const { user, location } = renderApp('/en/admin/roles/5');
    await user.click(await screen.findByRole('button', { name: 'Delete Role' }, { timeout: 5000 }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete role Site Engineer' });
    expect(within(dialog).getByText('3 users hold this role. Choose the role they move to.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Choose a role')).toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Move users to' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Viewer', 'Auditor']);
    await user.click(screen.getByRole('option', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(deleted).toEqual(['5?move_to=7']));
    expect(await screen.findByText('Role Site Engineer deleted; 3 users moved to Auditor')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/en/admin/roles'));
  });

  it('only confirms when nobody holds the role', async () => {
    const deleted: string[] = [];
    serve(deleted);
    const { user } = renderApp('/en/admin/roles/6');
    await user.click(await screen.findByRole('button', { name: 'Delete Role' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure to delete the role Viewer ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['6']));
  });

  it('saves the name and the permissions picked per group; the selector opens another role', async () => {
    const saved: unknown[] = [];
    serve([], saved);
    const { user, location } = renderApp('/en/admin/roles/5');
    const all = await screen.findByRole('checkbox', { name: 'Select all in Admin' }, { timeout: 5000 });
    expect((screen.getByRole('checkbox', { name: 'Search Users' }) as HTMLInputElement).checked).toBe(true);
    await user.click(all);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'Site Engineer', description: 'Field staff', permissions: ['ManageRoles', 'SearchUsers', 'ViewAuditLogs'] }]),
    );
    expect(await screen.findByText('Role Site Engineer saved')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Auditor' }));
    await waitFor(() => expect(location()).toBe('/en/admin/roles/7'));
    expect(await screen.findByDisplayValue('Auditor')).toBeInTheDocument();
  });
});
