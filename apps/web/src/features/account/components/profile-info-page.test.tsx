import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

describe('profile information page', () => {
  it('shows who is signed in', async () => {
    storeTestCredential();
    renderApp('/en/account/profile/info');
    const fullName = await screen.findByText('Alice Tan', { selector: 'dd' });
    const details = fullName.closest('dl')!;
    expect(within(details).getByText('alice.tan')).toBeInTheDocument();
    expect(within(details).getByText('Contractor')).toBeInTheDocument();
    expect(within(details).getByText('Site Engineer')).toBeInTheDocument();
    expect(within(details).getByText('alice.tan@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile Information' })).toBeInTheDocument();
  });

  it('lists the contracts, marking the selected and the inactive ones', async () => {
    storeTestCredential();
    renderApp('/en/account/profile/info');
    const first = (await screen.findByText('C101')).closest('li')!;
    expect(within(first).getByText('Orchard Station')).toBeInTheDocument();
    expect(within(first).getByText('Selected')).toBeInTheDocument();
    expect(within(first).queryByText('Inactive')).toBeNull();
    const second = screen.getByText('C102').closest('li')!;
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).queryByText('Selected')).toBeNull();
  });

  it('says so when the user has no contracts and no role', async () => {
    storeTestCredential();
    const base = syncResponse();
    server.use(
      http.get(api('/sync'), () =>
        HttpResponse.json({
          ...base,
          profile: { ...base.profile, user_type: 2, role_id: null, role_name: null },
          contracts: { records: [], last_filtered: [] },
        }),
      ),
    );
    renderApp('/en/account/profile/info');
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    expect(screen.getByText('Application Admin')).toBeInTheDocument();
    // no role, no description
    expect(screen.getAllByText('Not set')).toHaveLength(2);
  });

  it('shows the page in Chinese below /zh', async () => {
    storeTestCredential();
    renderApp('/zh/account/profile/info');
    expect(await screen.findByText('承包商')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '个人资料' })).toBeInTheDocument();
  });
});
