import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { createDevToolsRoutes } from './routes';

const routes = createDevToolsRoutes({ NotFound: () => <p>No such page</p> });

function signInAs(userType: number) {
  storeTestCredential();
  const base = syncResponse();
  server.use(
    http.get(api('/sync'), () =>
      HttpResponse.json(syncResponse({ profile: { ...base.profile, user_type: userType }, permissions: ['ManageSystemSettings'] }), {
        headers: { 'x-csrf-token': 'csrf-sync' },
      }),
    ),
  );
}

describe('/test-component widget gallery', { timeout: 30_000 }, () => {
  it('needs the ManageSystemSettings task', () => {
    expect(routes[0]!.meta).toEqual({ title: 'route.testComponent', tasks: ['ManageSystemSettings'] });
  });

  it('shows the 404 page to users who are not Application Admins', async () => {
    signInAs(1);
    renderApp('/en/test-component', { routes });
    expect(await screen.findByText('No such page', {}, { timeout: 10_000 })).not.toBeNull();
    expect(screen.queryByText('Every shared widget, live, with sample data.')).toBeNull();
  });

  it('shows every widget to an Application Admin', async () => {
    signInAs(2);
    renderApp('/en/test-component', { routes });
    expect(await screen.findByText('Every shared widget, live, with sample data.', {}, { timeout: 10_000 })).not.toBeNull();
    for (const section of [
      'Toasts',
      'Dialogs',
      'Alerts',
      'Date range',
      'Date and time pickers',
      'Safe form',
      'Upload button',
      'Data table',
      'Paginated list',
      'Text avatars',
      'Read more',
      'Relative times and byte sizes',
    ]) {
      expect(screen.getByRole('region', { name: section })).not.toBeNull();
    }
    const table = screen.getByRole('table', { name: 'Data table' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(screen.getByText('1–5 of 50')).not.toBeNull();
    expect(screen.getByText('Preview (not sent)', { exact: false })).not.toBeNull();
  });
});
