import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { contractSummary, signedInWith } from './test/fixtures';

const CONTRACTS = [
  contractSummary(),
  contractSummary({
    contract_id: 32,
    no: 'C303',
    title: 'Civil C303 Bayshore Station',
    type: 12,
    active: false,
    contractor_id: null,
    contractor_name: null,
    has_boundary: true,
  }),
];

function serveList() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/contracts/manage'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const keyword = query.get('keyword')?.toLowerCase();
      const records = CONTRACTS.filter((c) => !keyword || c.no.toLowerCase().includes(keyword));
      return HttpResponse.json({ records, total_records: records.length });
    }),
  );
  return queries;
}

describe('Contracts landing and Contracts Management', { timeout: 45_000 }, () => {
  it('shows each landing tile only with its permission', async () => {
    signedInWith(['SearchContracts']);
    renderApp('/en/contracts');
    expect(await screen.findByRole('link', { name: /Contracts Management/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Contractors Management/ })).toBeNull();
  });

  it('lists contracts with their type bits, contractor, period and state', async () => {
    signedInWith();
    serveList();
    renderApp('/en/contracts/management');
    const table = await screen.findByRole('table', { name: 'Contracts' }, { timeout: 10_000 });
    const row = (await within(table).findByRole('link', { name: 'C303' })).closest('tr')!;
    expect(within(row).getByText('Civil')).toBeInTheDocument();
    expect(within(row).getByText('SI')).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    const t301 = within(table).getByRole('link', { name: 'T301' }).closest('tr')!;
    expect(within(t301).getByText('01/03/2024 – 30/06/2029')).toBeInTheDocument();
    expect(within(t301).getByText('Lion City Tunnelling')).toBeInTheDocument();
  });

  it('searches on Enter, filters by type bits and state, and keeps the filters in the URL', async () => {
    signedInWith();
    const queries = serveList();
    const { user, location } = renderApp('/en/contracts/management');
    const table = await screen.findByRole('table', { name: 'Contracts' }, { timeout: 10_000 });
    await within(table).findByText('C303');

    await user.type(screen.getByRole('searchbox', { name: 'Search contracts' }), 't3{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('t3'));
    await waitFor(() => expect(within(table).queryByText('C303')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'IM' }));
    await user.click(screen.getByRole('button', { name: 'Civil' }));
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('6'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(queries.at(-1)?.get('active')).toBe('false'));
    expect(location()).toBe('/en/contracts/management?q=t3&type=6&active=false');
  });

  it('says so when nothing matches, and offers a retry when the list fails', async () => {
    signedInWith();
    let fail = true;
    server.use(
      http.get(api('/contracts/manage'), () => (fail ? HttpResponse.json('boom', { status: 500 }) : HttpResponse.json({ records: [], total_records: 0 }))),
    );
    const { user } = renderApp('/en/contracts/management');
    expect(await screen.findByText('Failed to fetch data', undefined, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No contracts match the search.')).toBeInTheDocument();
  });

  it('offers Add Contract only with the create permission, and it opens the new contract form', async () => {
    signedInWith(['SearchContracts']);
    serveList();
    const first = renderApp('/en/contracts/management');
    await screen.findByRole('table', { name: 'Contracts' }, { timeout: 10_000 });
    await within(screen.getByRole('table', { name: 'Contracts' })).findByText('C303');
    expect(screen.queryByRole('button', { name: 'Add Contract' })).toBeNull();
    first.unmount();

    signedInWith(['SearchContracts', 'CreateorDeleteContracts']);
    serveList();
    const { user, location } = renderApp('/en/contracts/management');
    await user.click(await screen.findByRole('button', { name: 'Add Contract' }, { timeout: 10_000 }));
    await waitFor(() => expect(location()).toBe('/en/contracts/management/new'));
    expect(await screen.findByRole('textbox', { name: /Contract no\./ })).toBeInTheDocument();
  });
});
