import type { TAdminUser } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

function user(overrides: Partial<TAdminUser>): TAdminUser {
  return {
    user_id: 1,
    login_name: 'user',
    fullname: 'User',
    email: 'user@example.com',
    user_type: 0,
    role_id: 5,
    role_name: 'Site Engineer',
    contractor_id: null,
    contractor_name: null,
    status: 'active',
    source: 'admin',
    tfa_enabled: false,
    created: '2026-01-01T00:00:00Z',
    last_signin: null,
    ...overrides,
  };
}

const USERS = [
  user({ user_id: 1, login_name: 'alice', fullname: 'Alice Tan' }),
  user({ user_id: 2, login_name: 'bob', fullname: 'Bob Lee', status: 'suspended' }),
];

function serve(permissions: string[] = ['SearchUsers']) {
  storeTestCredential();
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/admin/users'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const keyword = query.get('keyword')?.toLowerCase();
      const records = USERS.filter((u) => (!keyword || u.login_name.includes(keyword)) && (!query.get('status') || u.status === query.get('status')));
      return HttpResponse.json({ records, total_records: records.length });
    }),
  );
  return queries;
}

describe('User Management', { timeout: 20_000 }, () => {
  it('searches when Enter is pressed, not while typing, and keeps the search in the URL', async () => {
    const queries = serve();
    const { user: person, location } = renderApp('/en/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    await within(table).findByText('Alice Tan');
    expect(within(table).getByText('Bob Lee')).toBeInTheDocument();
    const before = queries.length;

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await person.type(search, 'bo');
    // Typing alone does not search.
    expect(queries.length).toBe(before);
    expect(queries.some((q) => q.has('keyword'))).toBe(false);

    await person.keyboard('{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('bo'));
    await waitFor(() => expect(within(table).queryByText('Alice Tan')).toBeNull());
    expect(within(table).getByText('Bob Lee')).toBeInTheDocument();
    expect(location()).toBe('/en/admin/users?q=bo');
  });

  it('filters by status at once, and shows the status of each user', async () => {
    const queries = serve();
    const { user: person } = renderApp('/en/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    await within(table).findByText('Suspended');
    await person.click(screen.getByRole('combobox', { name: 'Status' }));
    await person.click(screen.getByRole('option', { name: 'Active' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('active'));
    await waitFor(() => expect(within(table).queryByText('Bob Lee')).toBeNull());
  });

  it('offers only the actions the user may use', async () => {
    serve(['SearchUsers', 'CreateorDeleteUsers']);
    renderApp('/en/admin/users');
    expect(await screen.findByRole('button', { name: 'Register New User' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});
