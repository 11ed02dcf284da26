import type { TCreateContractRequest } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { contractDetail, signedInWith } from './test/fixtures';

/** Typing long values key by key is slow; a person pasting them is as real. */
async function fill(user: { click: (e: Element) => Promise<void>; paste: (t: string) => Promise<void> }, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('a contract: New Contract and tab Information', { timeout: 45_000 }, () => {
  it('creates a contract from the form: type bits, contractor, reference point with its WGS84 shown', async () => {
    signedInWith();
    const bodies: TCreateContractRequest[] = [];
    server.use(
      http.post(api('/contracts'), async ({ request }) => {
        const body = (await request.json()) as TCreateContractRequest;
        bodies.push(body);
        return HttpResponse.json(contractDetail({ contract_id: 77, no: body.no, title: body.title }));
      }),
      http.get(api('/contracts/77'), () => HttpResponse.json(contractDetail({ contract_id: 77, no: 'N-1', title: 'New line' }))),
    );
    const { user, location } = renderApp('/en/contracts/management/new');
    const no = await screen.findByRole('textbox', { name: /Contract no\./ }, { timeout: 10_000 });
    await fill(user, no, 'N-1');
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'New line');
    await user.click(screen.getByRole('checkbox', { name: 'Civil' }));
    await user.click(screen.getByRole('checkbox', { name: 'SI' }));
    await user.click(screen.getByRole('combobox', { name: 'Contractor' }));
    await user.click(await screen.findByRole('option', { name: 'Straits Civil' }));
    await fill(user, screen.getByRole('textbox', { name: 'Easting (SVY21)' }), '28001.642');
    await fill(user, screen.getByRole('textbox', { name: 'Northing (SVY21)' }), '38744.572');
    expect((screen.getByRole('textbox', { name: 'Latitude (WGS84)' }) as HTMLInputElement).value).toBe('1.3666667');
    expect((screen.getByRole('textbox', { name: 'Longitude (WGS84)' }) as HTMLInputElement).value).toBe('103.8333333');

    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      no: 'N-1',
      title: 'New line',
      description: '',
      type: 12,
      active: true,
      contractor_id: 6,
      start_date: null,
      end_date: null,
      easting: 28001.642,
      northing: 38744.572,
    });
    expect(await screen.findByText('Contract N-1 created')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/en/contracts/management/77'));
  });

  it('checks the reference point before sending, and shows the server field errors on their fields', async () => {
    signedInWith();
    let posts = 0;
    server.use(
      http.post(api('/contracts'), () => {
        posts += 1;
        return HttpResponse.json({ no: 'A contract with this number already exists' }, { status: 400 });
      }),
    );
    const { user } = renderApp('/en/contracts/management/new');
    await fill(user, await screen.findByRole('textbox', { name: /Contract no\./ }, { timeout: 10_000 }), 'T301');
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Again');
    await fill(user, screen.getByRole('textbox', { name: 'Easting (SVY21)' }), '30000');
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    expect(await screen.findByText('Enter both easting and northing, or neither')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.clear(screen.getByRole('textbox', { name: 'Easting (SVY21)' }));
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    expect(await screen.findByText('A contract with this number already exists')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(screen.getByRole('textbox', { name: /Contract no\./ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a contract on its Information tab, with tabs for Boundary and Users', async () => {
    signedInWith();
    const puts: unknown[] = [];
    server.use(
      http.get(api('/contracts/31'), () => HttpResponse.json(contractDetail())),
      http.put(api('/contracts/31'), async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(contractDetail({ title: 'Renamed', updated: '2026-02-01T00:00:00Z' }));
      }),
    );
    const { user } = renderApp('/en/contracts/management/31');
    const title = await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 10_000 });
    const tabs = screen.getByRole('tablist', { name: 'Contract sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Information', 'Boundary', 'Users']);
    expect(within(tabs).getByRole('tab', { name: 'Boundary' }).getAttribute('href')).toBe('/en/contracts/management/31/boundaries');
    expect((screen.getByRole('textbox', { name: 'Easting (SVY21)' }) as HTMLInputElement).value).toBe('30350');
    expect((screen.getByRole('checkbox', { name: 'IM' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(title);
    await fill(user, title, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contract T301 saved')).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ title: 'Renamed', type: 6, contractor_id: 5, start_date: '2024-03-01', end_date: '2029-06-30' });
  });

  it('asks before deleting, and shows clearly why a contract with instruments cannot be deleted (409)', async () => {
    signedInWith();
    let deletes = 0;
    server.use(
      http.get(api('/contracts/31'), () => HttpResponse.json(contractDetail({ instrument_count: 180 }))),
      http.delete(api('/contracts/31'), () => {
        deletes += 1;
        return HttpResponse.json('This contract has 180 instrument(s) and 0 construction site(s): move or delete them first', { status: 409 });
      }),
    );
    const { user } = renderApp('/en/contracts/management/31');
    await user.click(await screen.findByRole('button', { name: 'Delete Contract' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete contract T301\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete Contract' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Contract' }));
    expect(
      await screen.findByText('Contract T301 cannot be deleted: This contract has 180 instrument(s) and 0 construction site(s): move or delete them first'),
    ).toBeInTheDocument();
    expect(deletes).toBe(1);
  });

  it('shows the form read-only without the edit permission, and says so for an unknown contract', async () => {
    signedInWith(['SearchContracts']);
    server.use(
      http.get(api('/contracts/31'), () => HttpResponse.json(contractDetail())),
      http.get(api('/contracts/99'), () => HttpResponse.json('Contract not found', { status: 404 })),
    );
    const first = renderApp('/en/contracts/management/31');
    const title = await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 10_000 });
    expect(title).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Contract' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    first.unmount();

    renderApp('/en/contracts/management/99');
    expect(await screen.findByText('Contract not found', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});
