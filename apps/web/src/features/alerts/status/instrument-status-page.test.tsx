import type { TAlertInstrumentStatusRecord } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { configLevels } from '../test-data';

const SLOW = { timeout: 8000 };

function row(overrides: Partial<TAlertInstrumentStatusRecord>): TAlertInstrumentStatusRecord {
  return {
    instrument_id: 21,
    name: 'SM-1023',
    type_code: 'SM',
    type_name: 'Settlement Marker',
    contract_id: 11,
    contract_no: 'C101',
    zone_name: 'Zone A',
    easting: 29000,
    northing: 31000,
    status: 'active',
    level_code: 'WSL',
    level_color: '#8b0000',
    severity: 4,
    last_reading_at: '2026-11-21T01:00:00.000Z',
    open_alerts: 2,
    ...overrides,
  };
}

const ROWS = [
  row({}),
  row({
    instrument_id: 22,
    name: 'SP-2001',
    type_code: 'SP',
    type_name: 'Standpipe',
    level_code: null,
    level_color: null,
    severity: null,
    open_alerts: 0,
    last_reading_at: null,
  }),
];

function serve(lastFiltered = [11, 12]) {
  storeTestCredential();
  const base = syncResponse();
  const asked: URLSearchParams[] = [];
  const exported: URLSearchParams[] = [];
  const contracts = { records: base.contracts.records.map((c) => ({ ...c, active: true })), last_filtered: lastFiltered };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['SearchorViewAlertMessage'], contracts }))),
    http.get(api('/contracts'), () => HttpResponse.json({ ...contracts, total_records: contracts.records.length })),
    http.get(api('/config'), () => HttpResponse.json(configResponse(configLevels))),
    http.get(api('/alerts/instrument-status'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('format')) {
        exported.push(params);
        return new HttpResponse('instrument,type\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="instrument-status.csv"' },
        });
      }
      asked.push(params);
      const level = params.get('level');
      const type = params.get('type');
      const records = ROWS.filter((r) => (!level || (level === 'none' ? r.level_code === null : r.level_code === level)) && (!type || r.type_code === type));
      return HttpResponse.json({ records, total_records: records.length });
    }),
  );
  return { asked, exported };
}

describe('Instrument Status', { timeout: 40_000 }, () => {
  it("lists every instrument's level, last reading and open alerts in the active contracts", async () => {
    setViewport(WIDTHS.desktop);
    const { asked } = serve();
    renderApp('/en/alert/instrument-status');
    const table = await screen.findByRole('table', { name: 'Instrument status' }, SLOW);
    const sm = (await within(table).findByText('SM-1023', undefined, SLOW)).closest('tr')!;
    expect(within(sm).getByTestId('alert-level').textContent).toBe('WSL');
    expect(within(sm).getByRole('link', { name: 'SM-1023' }).getAttribute('href')).toBe('/en/dashboard/search/instrument/21');
    const sp = within(table).getByText('SP-2001').closest('tr')!;
    expect(within(sp).getByText('Normal')).toBeInTheDocument();
    expect(within(sp).getByText('Never')).toBeInTheDocument();
    expect(asked[0]?.get('contracts')).toBe('[11,12]');
    expect(screen.getByText('2 instruments')).toBeInTheDocument();
  });

  it('filters by level, type and contract through the URL, and exports with the same filters', async () => {
    const { asked, exported } = serve();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:status'), revokeObjectURL: vi.fn() });
    const { user, location } = renderApp('/en/alert/instrument-status');
    const table = await screen.findByRole('table', { name: 'Instrument status' }, SLOW);
    await within(table).findByText('SP-2001', undefined, SLOW);
    const filters = screen.getByRole('search', { name: 'Instrument status filters' });

    await user.click(within(filters).getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'Normal' }));
    await waitFor(() => expect(location()).toBe('/en/alert/instrument-status?level=none'), SLOW);
    await waitFor(() => expect(within(table).queryByText('SM-1023')).toBeNull(), SLOW);

    await user.click(within(filters).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Standpipe' }));
    await user.click(within(filters).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C102' }));
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('level=none&type=SP&contracts=%5B12%5D&limit=25&skip=0'), SLOW);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toHaveLength(1), SLOW);
    expect(Object.fromEntries(exported[0]!)).toEqual({ format: 'csv', level: 'none', type: 'SP', contracts: '[12]' });
    expect(await screen.findByText('Saved instrument-status.csv', undefined, SLOW)).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location()).toBe('/en/alert/instrument-status'), SLOW);
  });

  it('says so when nothing matches', async () => {
    setViewport(WIDTHS.phone);
    serve();
    renderApp('/en/alert/instrument-status?level=PDL');
    const table = await screen.findByRole('table', { name: 'Instrument status' }, SLOW);
    expect(await within(table).findByText('No instruments match the filters.', undefined, SLOW)).toBeInTheDocument();
  });

  it('asks nothing without an active contract', async () => {
    const { asked } = serve([]);
    renderApp('/en/alert/instrument-status');
    expect(await screen.findByText(/No contract is active/, undefined, SLOW)).toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });
});
