import type { TContractUsers } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { contractDetail, signedInWith } from './test/fixtures';

type User = TContractUsers['records'][number];

function person(id: number, login: string, fullname: string, overrides: Partial<User> = {}): User {
  return {
    user_id: id,
    login_name: login,
    fullname,
    email: `${login}@example.com`,
    user_type: 0,
    status: 'active',
    contractor_id: null,
    contractor_name: null,
    ...overrides,
  };
}

const ALICE = person(1, 'alice', 'Alice Tan');
const BEN = person(2, 'authority', 'Benjamin Lim');
const CHEN = person(3, 'contractor', 'Chen Wei Ming', { user_type: 1, contractor_id: 5, contractor_name: 'Lion City Tunnelling' });

function serveUsers(initial: User[]) {
  let assigned = [...initial];
  const puts: number[][] = [];
  const searches: string[] = [];
  server.use(
    http.get(api('/contracts/31'), () => HttpResponse.json(contractDetail())),
    http.get(api('/contracts/31/users'), () => HttpResponse.json({ contract_id: 31, records: assigned })),
    http.get(api('/contracts/31/users/candidates'), ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      searches.push(keyword);
      const records = [BEN, CHEN].filter((u) => !assigned.some((a) => a.user_id === u.user_id) && (!keyword || u.login_name.includes(keyword)));
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.put(api('/contracts/31/users'), async ({ request }) => {
      const { user_ids } = (await request.json()) as { user_ids: number[] };
      puts.push(user_ids);
      assigned = [ALICE, BEN, CHEN].filter((u) => user_ids.includes(u.user_id));
      return HttpResponse.json({ contract_id: 31, records: assigned });
    }),
  );
  return { puts, searches };
}

describe('a contract: tab Users', { timeout: 45_000 }, () => {
  it('lists the assigned users and assigns more through Assign User (search, tick, Assign)', async () => {
    signedInWith();
    const { puts, searches } = serveUsers([ALICE]);
    const { user } = renderApp('/en/contracts/management/31/users');
    const table = await screen.findByRole('table', { name: 'Assigned users' }, { timeout: 10_000 });
    await within(table).findByText('Alice Tan');

    await user.click(screen.getByRole('button', { name: 'Assign User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign users to T301' });
    await within(dialog).findByText('Benjamin Lim (authority)');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'auth');
    await waitFor(() => expect(searches.at(-1)).toBe('auth'));
    await waitFor(() => expect(within(dialog).queryByText('Chen Wei Ming (contractor)')).toBeNull());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Benjamin Lim (authority)' }));
    expect(within(dialog).getByText('1 user selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(puts).toEqual([[1, 2]]));
    expect(await screen.findByText('1 user assigned to contract T301')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('Benjamin Lim')).toBeInTheDocument();
  });

  it('removes a user after confirmation', async () => {
    signedInWith();
    const { puts } = serveUsers([ALICE, BEN]);
    const { user } = renderApp('/en/contracts/management/31/users');
    const table = await screen.findByRole('table', { name: 'Assigned users' }, { timeout: 10_000 });
    await user.click(await within(table).findByRole('button', { name: 'Remove Benjamin Lim' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Benjamin Lim from contract T301? They will no longer see its data.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(puts).toEqual([[1]]));
    expect(await screen.findByText('Benjamin Lim removed from contract T301')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Benjamin Lim')).toBeNull());
  });

  it('keeps the dialog open with the server refusal, and says when no one is assigned', async () => {
    signedInWith();
    serveUsers([]);
    server.use(
      http.put(api('/contracts/31/users'), () =>
        HttpResponse.json({ user_ids: 'A Contractor user can only be assigned contracts of their own contractor: contractor' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/en/contracts/management/31/users');
    expect(await screen.findByText('No users are assigned to this contract.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign users to T301' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Chen Wei Ming (contractor)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('A Contractor user can only be assigned contracts of their own contractor: contractor')).toBeInTheDocument();
  });
});
