import type { TImportResult } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { renderInstruments, serveMasterData } from '../test-fixtures';

const CSV = 'name,type,contract,easting,northing\nSM-1,SM,C101,30350.5,28620.2\nSM-2,XX,C101,30351,28621\n';

function result(rows: TImportResult['rows'], dryRun: boolean, imported = 0): TImportResult {
  const invalid = rows.filter((r) => r.status === 'error').length;
  return { rows, valid: rows.length - invalid, invalid, imported, dry_run: dryRun };
}

async function chooseFile(user: ReturnType<typeof renderInstruments>['user'], name = 'plan.csv', text = CSV) {
  const input = await screen.findByTestId('import-file', {}, { timeout: 8000 });
  await user.upload(input, new File([text], name, { type: 'text/csv' }));
}

describe('Import Instruments', { timeout: 45_000 }, () => {
  it('shows the per-row report of a file with a bad row and says nothing was imported', async () => {
    serveMasterData();
    const calls: string[] = [];
    server.use(
      http.post(api('/instruments/import'), async ({ request }) => {
        calls.push(new URL(request.url).search);
        const form = await request.formData();
        expect(await (form.get('files') as File).text()).toBe(CSV);
        return HttpResponse.json(
          result(
            [
              { row: 2, name: 'SM-1', status: 'valid', errors: [] },
              { row: 3, name: 'SM-2', status: 'error', errors: [{ field: 'type', message: 'Unknown instrument type XX' }] },
            ],
            false,
          ),
        );
      }),
    );
    const { user } = renderInstruments('/en/master-data/instrument/import');
    await chooseFile(user);
    expect(screen.getByText(/plan\.csv/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 rows has errors. Fix the rows below and upload the file again.')).toBeInTheDocument();
    expect(calls).toEqual(['?dry_run=false']);
    const report = screen.getByRole('table', { name: 'Import report' });
    // Rows with errors first: only they are shown until the switch is turned off.
    let rows = within(report).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('SM-2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Error')).toBeInTheDocument();
    expect(rows[0]!.textContent).toContain('type: Unknown instrument type XX');
    await user.click(screen.getByRole('switch', { name: 'Show only rows with errors' }));
    rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['SM-1', 'SM-2']);
  });

  it('checks the file first (dry run), then imports it', async () => {
    serveMasterData();
    const calls: string[] = [];
    const rows = [
      { row: 2, name: 'SM-1', status: 'valid' as const, errors: [] },
      { row: 3, name: 'SM-2', status: 'valid' as const, errors: [] },
    ];
    server.use(
      http.post(api('/instruments/import'), ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
        calls.push(dryRun ? 'check' : 'import');
        return HttpResponse.json(result(rows, dryRun, dryRun ? 0 : 2));
      }),
    );
    const { user } = renderInstruments('/en/master-data/instrument/import');
    const check = await screen.findByRole('button', { name: 'Check file' }, { timeout: 8000 });
    expect(check).toBeDisabled();
    await chooseFile(user);
    await user.click(check);
    expect(await screen.findByText('All 2 rows are valid. Nothing has been imported yet: choose Import to import them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findAllByText('2 instruments imported')).length).toBeGreaterThan(0);
    expect(calls).toEqual(['check', 'import']);
    expect(screen.getByRole('link', { name: 'Back to Instrument Management' })).toBeInTheDocument();
  });

  it('shows why an unreadable file was refused', async () => {
    serveMasterData();
    server.use(http.post(api('/instruments/import'), () => HttpResponse.json({ files: 'The file has no header row' }, { status: 400 })));
    const { user } = renderInstruments('/en/master-data/instrument/import');
    await chooseFile(user, 'empty.csv', '\n');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file has no header row')).toBeInTheDocument();
  });
});

describe('Import report on a phone', { timeout: 45_000 }, () => {
  it('puts the errors under the name, in three columns', async () => {
    setViewport(WIDTHS.phone, { hover: false });
    serveMasterData();
    server.use(
      http.post(api('/instruments/import'), () =>
        HttpResponse.json(
          result([{ row: 3, name: 'SM-2', status: 'error', errors: [{ field: 'easting', message: 'Easting must be a number (SVY21 metres)' }] }], true),
        ),
      ),
    );
    const { user } = renderInstruments('/en/master-data/instrument/import');
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const report = await screen.findByRole('table', { name: 'Import report' });
    expect(
      within(report)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Name / Errors', 'Status']);
    const cells = within(within(report).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('SM-2easting: Easting must be a number (SVY21 metres)');
  });
});

describe('Import Thresholds', { timeout: 45_000 }, () => {
  it('sends the file to the threshold import and reports the rows', async () => {
    serveMasterData();
    const paths: string[] = [];
    server.use(
      http.post(api('/thresholds/import'), ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json(result([{ row: 2, name: 'SM-1', status: 'valid', errors: [] }], false, 1));
      }),
    );
    const { user } = renderInstruments('/en/master-data/instrument/import-thresholds');
    await chooseFile(user, 'thresholds.csv', 'contract,instrument,reading_code,level,upper,lower\nC101,SM-1,DSPA,AL,20,-20\n');
    expect(screen.getByText(/contract, instrument, reading_code, level, upper, lower/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(paths).toEqual(['/api/v1/thresholds/import']));
    expect((await screen.findAllByText('1 threshold imported')).length).toBeGreaterThan(0);
  });
});
