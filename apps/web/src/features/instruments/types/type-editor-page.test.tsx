import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/server';
import { fill, instrumentType, readingCode, renderInstruments, serveMasterData } from '../test-fixtures';

describe('Add Instrument Type', { timeout: 90_000 }, () => {
  it('creates a type with two reading codes in one call, precision 2 by default', async () => {
    serveMasterData();
    const sent: unknown[] = [];
    server.use(
      http.post(api('/instrument-types'), async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return HttpResponse.json(instrumentType({ type_id: 9, code: 'VWP', name: 'Piezometer' }));
      }),
    );
    const { user, location } = renderInstruments('/en/master-data/instrument/type/new');
    await fill(user, await screen.findByRole('textbox', { name: 'Type code' }, { timeout: 8000 }), 'VWP');
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Piezometer');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Settlement' }));
    await user.click(screen.getByRole('combobox', { name: 'Icon' }));
    await user.click(screen.getByRole('option', { name: 'Diamond' }));

    const first = screen.getByRole('group', { name: 'Reading code 1' });
    await fill(user, within(first).getByRole('textbox', { name: 'Code' }), 'PWP');
    await fill(user, within(first).getByRole('textbox', { name: 'Description' }), 'Pore pressure');
    await fill(user, within(first).getByRole('textbox', { name: 'Unit' }), 'kPa');
    expect((within(first).getByRole('textbox', { name: 'Precision' }) as HTMLInputElement).value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Add reading code' }));
    const second = screen.getByRole('group', { name: 'Reading code 2' });
    await fill(user, within(second).getByRole('textbox', { name: 'Code' }), 'TEMP');
    await fill(user, within(second).getByRole('textbox', { name: 'Description' }), 'Temperature');
    await fill(user, within(second).getByRole('textbox', { name: 'Min' }), '-10');
    await fill(user, within(second).getByRole('textbox', { name: 'Max' }), '60');
    await user.click(within(second).getByRole('checkbox', { name: 'Result' }));
    await user.click(screen.getByRole('button', { name: 'Add Instrument Type' }));

    await waitFor(() => expect(location()).toBe('/en/master-data/instrument?tab=types'));
    expect(sent[0]).toEqual({
      code: 'VWP',
      name: 'Piezometer',
      category_id: 1,
      icon: 'diamond',
      lta_code: null,
      has_depth: false,
      reading_codes: [
        { code: 'PWP', description: 'Pore pressure', unit: 'kPa', is_result: true, precision: 2, min_value: null, max_value: null, sort_order: 0 },
        { code: 'TEMP', description: 'Temperature', unit: '', is_result: false, precision: 2, min_value: -10, max_value: 60, sort_order: 1 },
      ],
    });
  });

  it('checks the rows and shows server errors on the row they name', async () => {
    serveMasterData();
    server.use(
      http.post(api('/instrument-types'), () =>
        HttpResponse.json(
          { code: 'An instrument type with this code already exists', 'reading_codes.0.code': 'This reading code is listed twice' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderInstruments('/en/master-data/instrument/type/new');
    await fill(user, await screen.findByRole('textbox', { name: 'Type code' }, { timeout: 8000 }), 'sm');
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Settlement');
    const first = screen.getByRole('group', { name: 'Reading code 1' });
    await fill(user, within(first).getByRole('textbox', { name: 'Code' }), 'DSPA');
    await fill(user, within(first).getByRole('textbox', { name: 'Description' }), 'Settlement');
    await fill(user, within(first).getByRole('textbox', { name: 'Min' }), '5');
    await fill(user, within(first).getByRole('textbox', { name: 'Max' }), '1');
    await user.click(screen.getByRole('button', { name: 'Add Instrument Type' }));
    expect(await screen.findByText('Code may hold capital letters, digits, _ and -')).toBeInTheDocument();
    expect(within(first).getByText('The maximum must be greater than the minimum')).toBeInTheDocument();

    const code = screen.getByRole('textbox', { name: 'Type code' });
    await user.clear(code);
    await fill(user, code, 'SM');
    await user.clear(within(first).getByRole('textbox', { name: 'Max' }));
    await user.click(screen.getByRole('button', { name: 'Add Instrument Type' }));
    expect(await screen.findByText('An instrument type with this code already exists')).toBeInTheDocument();
    expect(within(first).getByText('This reading code is listed twice')).toBeInTheDocument();
  });
});

describe('Edit an instrument type', { timeout: 90_000 }, () => {
  it('saves the type, then removes, changes and adds reading codes', async () => {
    const type = instrumentType({
      reading_codes: [readingCode(), readingCode({ reading_code_id: 2, code: 'OLD', description: 'Old', sort_order: 1 })],
    });
    serveMasterData({ types: [type] });
    const calls: string[] = [];
    server.use(
      http.put(api('/instrument-types/1'), async ({ request }) => {
        calls.push(`PUT type ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(type);
      }),
      http.delete(api('/reading-codes/:id'), ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return HttpResponse.json({ ok: true });
      }),
      http.put(api('/reading-codes/:id'), async ({ params, request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`PUT ${String(params.id)} ${String(body.description)}`);
        return HttpResponse.json(readingCode({ ...body, reading_code_id: Number(params.id) }));
      }),
      http.post(api('/instrument-types/1/reading-codes'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`POST ${String(body.code)} ${String(body.sort_order)}`);
        return HttpResponse.json(readingCode({ ...body, reading_code_id: 3 }));
      }),
    );
    const { user } = renderInstruments('/en/master-data/instrument/type/1');
    await user.click(await screen.findByRole('button', { name: 'Remove reading code 2' }, { timeout: 8000 }));
    const first = screen.getByRole('group', { name: 'Reading code 1' });
    await user.clear(within(first).getByRole('textbox', { name: 'Description' }));
    await fill(user, within(first).getByRole('textbox', { name: 'Description' }), 'Vertical displacement');
    await user.click(screen.getByRole('button', { name: 'Add reading code' }));
    const added = screen.getByRole('group', { name: 'Reading code 2' });
    await fill(user, within(added).getByRole('textbox', { name: 'Code' }), 'DSPB');
    await fill(user, within(added).getByRole('textbox', { name: 'Description' }), 'Heave');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Instrument type Settlement Marker saved');
    expect(calls).toEqual([
      'PUT type {"code":"SM","name":"Settlement Marker","category_id":1,"icon":"circle","lta_code":null,"has_depth":false}',
      'DELETE 2',
      'PUT 1 Vertical displacement',
      'POST DSPB 1',
    ]);
  });

  it('shows why a reading code with thresholds cannot be removed', async () => {
    const type = instrumentType({
      reading_codes: [readingCode(), readingCode({ reading_code_id: 2, code: 'DSPB', description: 'Heave', sort_order: 1 })],
    });
    serveMasterData({ types: [type] });
    server.use(
      http.put(api('/instrument-types/1'), () => HttpResponse.json(type)),
      http.delete(api('/reading-codes/:id'), () => HttpResponse.json('3 threshold(s) use this reading code: remove them first', { status: 409 })),
    );
    const { user } = renderInstruments('/en/master-data/instrument/type/1');
    await user.click(await screen.findByRole('button', { name: 'Remove reading code 2' }, { timeout: 8000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('DSPB: 3 threshold(s) use this reading code: remove them first')).toBeInTheDocument();
  });

  it('confirms before deleting a type and shows the refusal while instruments are of it', async () => {
    serveMasterData();
    server.use(
      http.delete(api('/instrument-types/1'), () => HttpResponse.json('2 instrument(s) are of this type: change or delete them first', { status: 409 })),
    );
    const { user } = renderInstruments('/en/master-data/instrument?tab=types');
    await user.click(await screen.findByRole('button', { name: 'Delete Settlement Marker' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete instrument type' });
    expect(within(dialog).getByText('Delete instrument type Settlement Marker (SM) and its reading codes?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 instrument(s) are of this type: change or delete them first')).toBeInTheDocument();
  });
});
