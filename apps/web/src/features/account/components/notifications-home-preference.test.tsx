import type { TBookmark, TNotification } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/auth-store';
import { systemStore } from '../../../lib/system-store';
import { preferences, storeTestCredential } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

const SLOW = { timeout: 5000 };

function notification(id: number, overrides: Partial<TNotification> = {}): TNotification {
  return {
    notification_id: id,
    type: 'security',
    message: `Message ${id}`,
    message_key: null,
    message_params: null,
    severity: 2,
    link_uri: null,
    read: false,
    created: new Date(Date.now() - id * 60_000).toISOString(),
    ...overrides,
  };
}

/** GET /notifications answering `records`, with the queries it received. */
function onNotifications(records: TNotification[], { total = records.length, unread = 2 } = {}) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/notifications'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records, total_records: total, unread });
    }),
  );
  return queries;
}

describe('notifications page', { timeout: 20_000 }, () => {
  it('lists the notifications newest first, with their severity, type and unread state; the unread count follows', async () => {
    storeTestCredential();
    const queries = onNotifications([
      notification(1, { message: 'Password changed' }),
      notification(2, { message: 'Two-factor authentication enabled', read: true, severity: 3 }),
      notification(3, { message: 'SM-1023 DSPA -31.2 mm passed WSL', type: 'alert', read: true, severity: 4 }),
      notification(4, { message: 'Alice Tan commented on SM-1023', type: 'comment', read: true }),
    ]);
    renderApp('/en/account/notification');
    const table = await screen.findByRole('table', { name: 'Notifications' }, SLOW);
    await within(table).findByRole('button', { name: 'Password changed' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('button', { name: 'Password changed' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Medium')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Security')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unread')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('High')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText('Unread')).toBeNull();
    // The types the alerts and the comments send have their own names.
    expect(within(rows[3]!).getByText('Alert')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Comment')).toBeInTheDocument();
    expect(screen.getByText('Unread: 2')).toBeInTheDocument();
    expect(queries[0]?.get('limit')).toBe('25');
    expect(queries[0]?.get('skip')).toBe('0');
    await waitFor(() => expect(sessionStore.getState().profile?.unread_notifications).toBe(2));
  });

  it('searches by keyword on Enter, keeping it in the address', async () => {
    storeTestCredential();
    const queries = onNotifications([notification(1)]);
    const { user, location } = renderApp('/en/account/notification');
    const search = await screen.findByRole('searchbox', { name: 'Search' }, SLOW);
    await user.type(search, 'password');
    expect(queries.every((query) => !query.has('keyword'))).toBe(true);
    await user.type(search, '{Enter}');
    await waitFor(() => expect(location()).toBe('/en/account/notification?keyword=password'));
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('password'));
    expect(screen.getByRole('group', { name: 'Active filter' }).textContent).toContain('password');
  });

  it('filters by type, severity, read state and date range through the Filter action', async () => {
    storeTestCredential();
    const queries = onNotifications([]);
    const { user, location } = renderApp('/en/account/notification');
    await user.click(await screen.findByRole('button', { name: 'Filter' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Filter notifications' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unread' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Security' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Week' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location()).toMatch(/severity=4/));
    const query = await waitFor(() => {
      const last = queries.at(-1)!;
      expect(last.get('severity')).toBe('4');
      return last;
    });
    expect(query.get('read')).toBe('false');
    expect(query.get('type')).toBe('security');
    expect(query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(query.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await screen.findByText('No notification matches the search or the filter.')).toBeInTheDocument();
    // A chip removes its part of the filter.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const chips = screen.getByRole('group', { name: 'Active filter' });
    const severityChip = within(chips).getByText('Severity: Critical').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(severityChip.querySelector('.MuiChip-deleteIcon')!);
    await waitFor(() => expect(location()).not.toMatch(/severity=/));
  });

  it('marks one read, marks all read, and opens one (marked read, then its link)', async () => {
    storeTestCredential();
    const read: string[] = [];
    let unread = 2;
    server.use(
      http.get(api('/notifications'), () =>
        HttpResponse.json({
          records: [notification(1, { message: 'Open me', link_uri: '/en/account/profile/security' }), notification(2, { message: 'Mark me' })],
          total_records: 2,
          unread,
        }),
      ),
      http.post(api('/notifications/:id/read'), ({ params }) => {
        read.push(String(params.id));
        unread = Math.max(0, unread - 1);
        return HttpResponse.json({ unread });
      }),
      http.post(api('/notifications/read-all'), () => {
        read.push('all');
        unread = 0;
        return HttpResponse.json({ unread });
      }),
    );
    const { user, location } = renderApp('/en/account/notification');
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Medium, Mark me' }, SLOW));
    await waitFor(() => expect(read).toEqual(['2']));
    expect(sessionStore.getState().profile?.unread_notifications).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
    expect(sessionStore.getState().profile?.unread_notifications).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Open me' }));
    await waitFor(() => expect(location()).toBe('/en/account/profile/security'));
    expect(read).toEqual(['2', 'all', '1']);
  });

  it('says when there is nothing, and offers a retry when the list cannot be loaded', async () => {
    storeTestCredential();
    let fail = true;
    server.use(
      http.get(api('/notifications'), () =>
        fail ? HttpResponse.json('Internal server error', { status: 500 }) : HttpResponse.json({ records: [], total_records: 0, unread: 0 }),
      ),
    );
    const { user } = renderApp('/en/account/notification');
    const retry = await screen.findByRole('button', { name: 'Try again' }, SLOW);
    expect(screen.getByText('Failed to fetch data')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

describe('home page', { timeout: 20_000 }, () => {
  function bookmark(id: number, name: string, path: string): TBookmark {
    return { bookmark_id: id, name, path, icon: null, created: '2026-01-01T00:00:00Z' };
  }

  it('shows the recent pages by their titles and opens them', async () => {
    storeTestCredential();
    server.use(
      http.get(api('/account/recents'), () =>
        HttpResponse.json({
          records: [
            { url: '/en/account/preference', visited_at: new Date().toISOString() },
            { url: '/en/somewhere/else', visited_at: new Date().toISOString() },
            { url: '/en/dashboard/search/instrument/list?filter=%7B%22status%22%3A%5B1%5D%7D&pos=1', visited_at: new Date().toISOString() },
          ],
        }),
      ),
    );
    const { user, location } = renderApp('/en/account/home');
    const list = await screen.findByRole('list', { name: 'Recents' }, SLOW);
    expect(within(list).getByText('Preference')).toBeInTheDocument();
    // A page no route names shows its path; no entry shows its query (list state, encoded JSON).
    expect(within(list).getByText('/somewhere/else')).toBeInTheDocument();
    const workSpace = within(list).getByRole('link', { name: /Work Space/ });
    expect(workSpace.getAttribute('href')).toBe('/en/dashboard/search/instrument/list?filter=%7B%22status%22%3A%5B1%5D%7D&pos=1');
    expect(list.textContent).not.toMatch(/%7B|filter=|\?/);
    await user.click(within(list).getByText('Preference'));
    await waitFor(() => expect(location()).toBe('/en/account/preference'));
  });

  it('lists the favorites: open, rename, delete with a confirmation', async () => {
    storeTestCredential();
    let records = [bookmark(1, 'My alerts', '/account/notification?severity=4'), bookmark(2, 'Profile', '/account/profile/info')];
    const calls: string[] = [];
    server.use(
      http.get(api('/bookmarks'), () => HttpResponse.json({ records })),
      http.put(api('/bookmarks/:id'), async ({ params, request }) => {
        const body = (await request.json()) as { name: string };
        calls.push(`put ${params.id} ${body.name}`);
        records = records.map((r) => (r.bookmark_id === Number(params.id) ? { ...r, name: body.name } : r));
        return HttpResponse.json(records.find((r) => r.bookmark_id === Number(params.id)));
      }),
      http.delete(api('/bookmarks/:id'), ({ params }) => {
        calls.push(`delete ${params.id}`);
        records = records.filter((r) => r.bookmark_id !== Number(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, location } = renderApp('/en/account/home?tab=favorites');
    const list = await screen.findByRole('list', { name: 'Favorites' }, SLOW);
    expect(within(list).getByText('My alerts')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Rename: Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename bookmark' });
    const name = await within(dialog).findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'My profile' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('My profile')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Delete: My profile' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    expect(within(confirm).getByText('Are you sure to delete My profile ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('My profile')).toBeNull());
    expect(calls).toEqual(['put 2 My profile', 'delete 2']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getByText('My alerts'));
    await waitFor(() => expect(location()).toBe('/en/account/notification?severity=4'));
  });

  it('shows the unread notifications of severity 3 and 4, newest first, under Priority', async () => {
    storeTestCredential();
    const severities: string[] = [];
    server.use(
      http.get(api('/notifications'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        severities.push(`${params.get('severity')}/${params.get('read')}`);
        const severity = Number(params.get('severity'));
        const records =
          severity === 3 ? [notification(5, { severity: 3, message: 'Older high' })] : [notification(1, { severity: 4, message: 'Newest critical' })];
        return HttpResponse.json({ records, total_records: 1, unread: 4 });
      }),
    );
    renderApp('/en/account/home?tab=priority');
    const list = await screen.findByRole('list', { name: 'Priority' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Newest critical'), expect.stringContaining('Older high')]);
    expect(severities.sort()).toEqual(['3/false', '4/false']);
  });

  it('says so when a tab is empty', async () => {
    storeTestCredential();
    server.use(http.get(api('/bookmarks'), () => HttpResponse.json({ records: [] })));
    renderApp('/en/account/home?tab=favorites');
    expect(await screen.findByText(/No bookmarks yet/, undefined, SLOW)).toBeInTheDocument();
  });
});

describe('preference page', { timeout: 20_000 }, () => {
  it('saves each change with the whole preferences object; the dark theme follows the toolbar switch', async () => {
    storeTestCredential();
    const saved: unknown[] = [];
    server.use(
      http.get(api('/preferences'), () => HttpResponse.json(preferences({ show_label: true, dark_theme: false }))),
      http.post(api('/preferences'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/en/account/preference');
    const label = await screen.findByRole('switch', { name: 'Show labels' }, SLOW);
    await user.click(label);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual(preferences({ show_label: false, dark_theme: false }));

    await user.click(screen.getByRole('combobox', { name: 'Map size' }));
    await user.click(await screen.findByRole('option', { name: 'Full map' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ show_label: false, map_size: 'FullMap' });

    await user.click(screen.getByRole('switch', { name: 'Use Dark Theme' }));
    expect(systemStore.getState().darkTheme).toBe(true);
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).toMatchObject({ dark_theme: true, map_size: 'FullMap' });

    // The toolbar's switch and the page's show the same value.
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menuSwitch = await screen.findByRole('menuitemcheckbox', { name: 'Use Dark Theme' });
    expect(menuSwitch.getAttribute('aria-checked')).toBe('true');
    await user.click(menuSwitch);
    await user.keyboard('{Escape}');
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Use Dark Theme' }) as HTMLInputElement).checked).toBe(false));
  });

  it('puts a value back and says so when saving fails', async () => {
    storeTestCredential();
    server.use(http.post(api('/preferences'), () => HttpResponse.json('Internal server error', { status: 500 })));
    const { user } = renderApp('/en/account/preference');
    await user.click(await screen.findByRole('switch', { name: 'Use Dark Theme' }, SLOW));
    await waitFor(() => expect(systemStore.getState().darkTheme).toBe(false));
    expect(await screen.findByText('Internal server error', { selector: '.MuiSnackbarContent-message' })).toBeInTheDocument();
  });
});
