import { svy21ToWgs84, type TSetThresholdsRequest } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/server';
import { queryClient } from '../../../lib/query-client';
import { instrumentKeys } from '../api/keys';
import { fill, instrument, instrumentType, readingCode, renderInstruments, serveMasterData } from '../test-fixtures';

const TWO_CODES = instrumentType({
  reading_codes: [readingCode(), readingCode({ reading_code_id: 2, code: 'DSPB', description: 'Heave', sort_order: 1 })],
});

describe('Add Instrument', { timeout: 90_000 }, () => {
  it('computes latitude and longitude as the SVY21 position is typed', async () => {
    serveMasterData();
    const { user } = renderInstruments('/en/master-data/instrument/new?contract=11');
    const easting = await screen.findByRole('textbox', { name: 'Easting (SVY21, m)' }, { timeout: 8000 });
    const latitude = screen.getByRole('textbox', { name: 'Latitude (WGS84)' });
    expect((latitude as HTMLInputElement).value).toBe('—');
    await fill(user, easting, '30350.5');
    await fill(user, screen.getByRole('textbox', { name: 'Northing (SVY21, m)' }), '28620.2');
    const expected = svy21ToWgs84(30350.5, 28620.2);
    expect((latitude as HTMLInputElement).value).toBe(expected.lat.toFixed(7));
    expect((screen.getByRole('textbox', { name: 'Longitude (WGS84)' }) as HTMLInputElement).value).toBe(expected.lon.toFixed(7));
    // The contract came from the list's filter; the zones are that contract's.
    expect(screen.getByRole('combobox', { name: 'Contract' }).textContent).toBe('C101');
    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No zone', 'Entrance A', 'Station Box']);
  });

  it("shows the server's field errors, then opens the new instrument", async () => {
    serveMasterData();
    const sent: unknown[] = [];
    let attempt = 0;
    server.use(
      http.post(api('/instruments'), async ({ request }) => {
        sent.push(await request.json());
        attempt += 1;
        if (attempt === 1) {
          return HttpResponse.json(
            { name: 'This contract already has an instrument with this name', easting: 'Easting is outside the map bounds (2667.54 to 56396.44)' },
            { status: 400 },
          );
        }
        return HttpResponse.json(instrument({ instrument_id: 555, name: 'SM-2000' }));
      }),
    );
    const { user, location } = renderInstruments('/en/master-data/instrument/new');
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 }), 'SM-2000');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Settlement Marker (SM)' }));
    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    await user.click(screen.getByRole('option', { name: 'C102' }));
    await fill(user, screen.getByRole('textbox', { name: 'Easting (SVY21, m)' }), '99999');
    await fill(user, screen.getByRole('textbox', { name: 'Northing (SVY21, m)' }), '28620.2');
    await fill(user, screen.getByRole('textbox', { name: 'Level (mRL)' }), '-3.5');
    await user.click(screen.getByRole('button', { name: 'Add Instrument' }));

    expect(await screen.findByText('This contract already has an instrument with this name')).toBeInTheDocument();
    expect(screen.getByText('Easting is outside the map bounds (2667.54 to 56396.44)')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      name: 'SM-2000',
      type_code: 'SM',
      contract_id: 12,
      zone_id: null,
      easting: 99999,
      northing: 28620.2,
      level: -3.5,
      status: 'active',
    });

    const easting = screen.getByRole('textbox', { name: 'Easting (SVY21, m)' });
    await user.clear(easting);
    await fill(user, easting, '30350.5');
    await user.click(screen.getByRole('button', { name: 'Add Instrument' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/instrument/555'));
  });

  it('checks the form before sending it', async () => {
    serveMasterData();
    const { user } = renderInstruments('/en/master-data/instrument/new');
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 }), 'A;B');
    await fill(user, screen.getByRole('textbox', { name: 'Easting (SVY21, m)' }), '12a');
    await user.click(screen.getByRole('button', { name: 'Add Instrument' }));
    expect(await screen.findByText('Name may not hold , ; or "')).toBeInTheDocument();
    expect(screen.getByText('Easting must be a number (SVY21 metres)')).toBeInTheDocument();
    expect(screen.getByText('Type is required')).toBeInTheDocument();
    expect(screen.getByText('Contract is required')).toBeInTheDocument();
  });
});

describe('Instrument and its thresholds', { timeout: 90_000 }, () => {
  it('shows a threshold grid per reading code with each level and its colour, and saves the whole set', async () => {
    serveMasterData({ types: [TWO_CODES], thresholds: [{ reading_code: 'DSPA', level_code: 'WSL', lower: -28, upper: 28 }] });
    const saved: TSetThresholdsRequest[] = [];
    server.use(
      http.put(api('/instruments/101/thresholds'), async ({ request }) => {
        const body = (await request.json()) as TSetThresholdsRequest;
        saved.push(body);
        return HttpResponse.json({ instrument_id: 101, name: 'SM-1023', thresholds: body.thresholds });
      }),
    );
    const { user } = renderInstruments('/en/master-data/instrument/101');
    const dspa = await screen.findByRole('table', { name: 'Thresholds of DSPA' }, { timeout: 8000 });
    expect(screen.getByRole('table', { name: 'Thresholds of DSPB' })).toBeInTheDocument();
    const rows = within(dspa).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.querySelector('abbr')?.getAttribute('title'))).toEqual(['Alert Level', 'Work Suspension Level']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.querySelector('abbr')?.textContent)).toEqual(['AL', 'WSL']);
    expect(rows[1]!.querySelector('[data-color]')?.getAttribute('data-color')).toBe('#b71c1c');
    expect((screen.getByRole('textbox', { name: 'DSPA WSL upper' }) as HTMLInputElement).value).toBe('28');

    const save = screen.getByRole('button', { name: 'Save thresholds' });
    expect(save).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'DSPA AL lower' }), '20');
    await fill(user, screen.getByRole('textbox', { name: 'DSPA AL upper' }), '10');
    expect(screen.getByText('The lower value must be below the upper value')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'DSPB AL upper' }), 'abc');
    expect(screen.getByText('Enter a number')).toBeInTheDocument();
    await user.click(save);
    expect(screen.getByText('Some thresholds are not valid: correct the marked values.')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'DSPA AL lower' }));
    await fill(user, screen.getByRole('textbox', { name: 'DSPA AL lower' }), '-20');
    await user.clear(screen.getByRole('textbox', { name: 'DSPA AL upper' }));
    await fill(user, screen.getByRole('textbox', { name: 'DSPA AL upper' }), '30');
    await user.clear(screen.getByRole('textbox', { name: 'DSPB AL upper' }));
    await fill(user, screen.getByRole('textbox', { name: 'DSPB AL upper' }), '5.5');
    // AL above WSL: the more severe level says what it must reach, before anything is sent.
    expect(screen.getByText('WSL Upper must be at least AL Upper (30)')).toBeInTheDocument();
    await user.click(save);
    expect(screen.getByText('Some thresholds are not valid: correct the marked values.')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'DSPA AL upper' }));
    await fill(user, screen.getByRole('textbox', { name: 'DSPA AL upper' }), '20');
    expect(screen.queryByText('WSL Upper must be at least AL Upper (30)')).toBeNull();
    await user.click(save);
    // Saving asks first, listing each changed value old and new.
    const dialog = await screen.findByRole('dialog', { name: 'Save thresholds' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['DSPA AL Lower: none → -20', 'DSPA AL Upper: none → 20', 'DSPB AL Upper: none → 5.5']);
    await user.click(within(dialog).getByRole('button', { name: 'Save thresholds' }));
    await screen.findByText('Thresholds of SM-1023 saved');
    expect(saved[0]!.thresholds).toEqual([
      { reading_code: 'DSPA', level_code: 'AL', lower: -20, upper: 20 },
      { reading_code: 'DSPA', level_code: 'WSL', lower: -28, upper: 28 },
      { reading_code: 'DSPB', level_code: 'AL', lower: null, upper: 5.5 },
    ]);
  });

  it('keeps what is being typed when the thresholds are fetched again, and shows new values in a grid nobody touched', async () => {
    let thresholds = [{ reading_code: 'DSPA', level_code: 'WSL', lower: -28, upper: 28 }];
    serveMasterData({ types: [TWO_CODES] });
    let fetched = 0;
    server.use(
      http.get(api('/instruments/101/thresholds'), () => {
        fetched++;
        return HttpResponse.json({ instrument_id: 101, name: 'SM-1023', thresholds });
      }),
    );
    const { user } = renderInstruments('/en/master-data/instrument/101');
    await fill(user, await screen.findByRole('textbox', { name: 'DSPA AL lower' }, { timeout: 8000 }), '-14');
    // Something invalidates the feature's queries (a save elsewhere on the page, a live update): the same set comes back.
    const before = fetched;
    await queryClient.invalidateQueries({ queryKey: instrumentKeys.all });
    await waitFor(() => expect(fetched).toBeGreaterThan(before));
    const value = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
    expect(value('DSPA AL lower')).toBe('-14');
    expect(value('DSPA WSL upper')).toBe('28');
    expect(screen.getByRole('button', { name: 'Save thresholds' })).not.toBeDisabled();

    // Discarded, the grid is untouched again: a changed set from the server shows at once.
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    thresholds = [{ reading_code: 'DSPA', level_code: 'WSL', lower: -30, upper: 30 }];
    await queryClient.invalidateQueries({ queryKey: instrumentKeys.all });
    await waitFor(() => expect(value('DSPA WSL upper')).toBe('30'));
    expect(value('DSPA AL lower')).toBe('');
  });

  it("puts the server's threshold errors on the row they are about", async () => {
    serveMasterData({ types: [TWO_CODES] });
    server.use(http.put(api('/instruments/101/thresholds'), () => HttpResponse.json({ 'thresholds.1.level_code': 'Unknown alert level' }, { status: 400 })));
    const { user } = renderInstruments('/en/master-data/instrument/101');
    await fill(user, await screen.findByRole('textbox', { name: 'DSPA AL upper' }, { timeout: 8000 }), '10');
    await fill(user, screen.getByRole('textbox', { name: 'DSPB WSL upper' }), '30');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save thresholds' })).getByRole('button', { name: 'Save thresholds' }));
    // The page is back in the accessibility tree once the dialog has closed.
    const dspb = await screen.findByRole('table', { name: 'Thresholds of DSPB' });
    expect(await within(dspb).findByText('Unknown alert level')).toBeInTheDocument();
  });

  it('deletes the instrument after a confirmation', async () => {
    serveMasterData();
    const deleted: string[] = [];
    server.use(
      http.delete(api('/instruments/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, location } = renderInstruments('/en/master-data/instrument/101');
    await user.click(await screen.findByRole('button', { name: 'Delete instrument' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete instrument' });
    expect(within(dialog).getByText('Delete instrument SM-1023 with its thresholds and readings? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Delete instrument' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete instrument' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/instrument'));
    expect(deleted).toEqual(['101']);
  });

  it('says so when the instrument does not exist', async () => {
    serveMasterData({ instruments: [] });
    renderInstruments('/en/master-data/instrument/999');
    expect(await screen.findByText('This instrument does not exist, or it is not in one of your contracts.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
