import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, instrument, instrumentType, renderInstruments, serveMasterData } from '../test-fixtures';

const MANY = Array.from({ length: 30 }, (_, i) =>
  instrument({ instrument_id: 200 + i, name: `SM-${String(i + 1).padStart(3, '0')}`, status: i === 0 ? 'damaged' : 'active' }),
);

describe('Instrument Management', { timeout: 45_000 }, () => {
  it('pages the instruments on the server and shows how many match', async () => {
    const { listQueries } = serveMasterData({ instruments: MANY });
    const { user, location } = renderInstruments('/en/master-data/instrument');
    const table = await screen.findByRole('table', { name: 'Instruments' }, { timeout: 8000 });
    await within(table).findByText('SM-001');
    expect(screen.getByText('30 instruments')).toBeInTheDocument();
    expect(listQueries.at(-1)?.get('limit')).toBe('25');
    expect(listQueries.at(-1)?.get('skip')).toBe('0');
    expect(within(table).queryByText('SM-026')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(location()).toContain('page-num=2'));
    await within(table).findByText('SM-026', {}, { timeout: 10_000 });
    expect(listQueries.at(-1)?.get('skip')).toBe('25');
  });

  it('searches on Enter and filters by status and contract, keeping the filters in the URL', async () => {
    const { listQueries } = serveMasterData({ instruments: MANY });
    const { user, location } = renderInstruments('/en/master-data/instrument');
    const table = await screen.findByRole('table', { name: 'Instruments' }, { timeout: 8000 });
    await within(table).findByText('SM-001');

    await fill(user, screen.getByRole('searchbox', { name: 'Search instruments' }), 'SM-01');
    expect(listQueries.some((q) => q.has('keyword'))).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listQueries.at(-1)?.get('keyword')).toBe('SM-01'));
    await waitFor(() => expect(screen.getByText('10 instruments')).toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Damaged' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('damaged'));

    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    await user.click(screen.getByRole('option', { name: 'C101' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('contract_id')).toBe('11'));
    expect(location()).toBe('/en/master-data/instrument?q=SM-01&status=damaged&contract=11');

    // Zones are those of the chosen contract.
    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    const zones = screen.getAllByRole('option').map((o) => o.textContent);
    expect(zones).toEqual(['All zones', 'Entrance A', 'Station Box']);
    await user.click(screen.getByRole('option', { name: 'Station Box' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('zone_id')).toBe('21'));
  });

  it('says when no instrument matches, and offers the page actions', async () => {
    serveMasterData({ instruments: [] });
    const { user, location } = renderInstruments('/en/master-data/instrument');
    expect(await screen.findByText('No instruments yet. Add one, or import a file of them.', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    for (const name of ['Add Instrument', 'Import Instruments', 'Export Instruments', 'Import Thresholds', 'Export Thresholds']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('menuitem', { name: 'Add Instrument Type' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Import Instruments' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/instrument/import'));
  });

  it('shows the instrument types in their tab, with the tab in the query string', async () => {
    serveMasterData({
      types: [
        instrumentType(),
        instrumentType({ type_id: 2, code: 'INC', name: 'Inclinometer', icon: 'triangle', category_name: null, instrument_count: 0, reading_codes: [] }),
      ],
    });
    const { user, location } = renderInstruments('/en/master-data/instrument');
    await screen.findByRole('table', { name: 'Instruments' }, { timeout: 8000 });
    await user.click(screen.getByRole('tab', { name: 'Instrument Types' }));
    expect(location()).toBe('/en/master-data/instrument?tab=types');
    const table = await screen.findByRole('table', { name: 'Instrument types' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Inclinometer')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'triangle' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Settlement Marker')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Settlement')).toBeInTheDocument();
    // On this tab the action is to add a type.
    expect(screen.getByRole('button', { name: 'Add Instrument Type' })).toBeInTheDocument();
  });
});
