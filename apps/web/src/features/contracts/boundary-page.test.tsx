import type { TContractBoundaryRequest, TPolygon } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { contractDetail, signedInWith } from './test/fixtures';

const SQUARE: TPolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [30000, 28000],
      [30500, 28000],
      [30500, 28500],
      [30000, 28500],
      [30000, 28000],
    ],
  ],
};

function serveBoundary(initial: TPolygon | null) {
  let boundary = initial;
  const puts: TContractBoundaryRequest[] = [];
  server.use(
    http.get(api('/contracts/31'), () => HttpResponse.json(contractDetail({ boundary, has_boundary: boundary !== null }))),
    http.put(api('/contracts/31/boundary'), async ({ request }) => {
      const body = (await request.json()) as TContractBoundaryRequest;
      puts.push(body);
      boundary = body.geojson;
      return HttpResponse.json(contractDetail({ boundary, has_boundary: boundary !== null, updated: `2026-02-0${puts.length}T00:00:00Z` }));
    }),
  );
  return puts;
}

describe('a contract: tab Boundary', { timeout: 45_000 }, () => {
  it('imports a boundary file, then saves it in SVY21 as the server stores it', async () => {
    signedInWith();
    const puts = serveBoundary(null);
    const { user } = renderApp('/en/contracts/management/31/boundaries');
    expect(await screen.findByText('This contract has no boundary yet.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Boundary' }) as HTMLButtonElement;
    expect(save).toBeDisabled();

    const file = new File([JSON.stringify({ type: 'Polygon', coordinates: SQUARE.coordinates })], 'boundary.geojson');
    await user.upload(screen.getByLabelText('GeoJSON or KML file'), file);
    expect(await screen.findByText('The boundary has unsaved changes.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Boundary vertices' })).getAllByRole('row')).toHaveLength(5);

    await user.click(save);
    await waitFor(() => expect(puts).toEqual([{ geojson: SQUARE, crs: 'svy21' }]));
    expect(await screen.findByText('Boundary of T301 saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The boundary has unsaved changes.')).toBeNull());
  });

  it('removes the boundary only after confirmation, and shows a refusal from the server', async () => {
    signedInWith();
    const puts = serveBoundary(SQUARE);
    const { user } = renderApp('/en/contracts/management/31/boundaries');
    await screen.findByRole('table', { name: 'Boundary vertices' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Save Boundary' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove the boundary of contract T301?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save Boundary' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove Boundary' }));
    await waitFor(() => expect(puts).toEqual([{ geojson: null, crs: 'svy21' }]));
    expect(await screen.findByText('Boundary of T301 removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    server.use(http.put(api('/contracts/31/boundary'), () => HttpResponse.json({ 'geojson.coordinates.0': 'The polygon crosses itself' }, { status: 400 })));
    await user.upload(screen.getByLabelText('GeoJSON or KML file'), new File([JSON.stringify(SQUARE)], 'again.geojson'));
    await user.click(screen.getByRole('button', { name: 'Save Boundary' }));
    expect(await screen.findByText('The polygon crosses itself')).toBeInTheDocument();
  });

  it('shows the boundary without tools to a user who may not edit it', async () => {
    signedInWith(['SearchContracts']);
    serveBoundary(SQUARE);
    renderApp('/en/contracts/management/31/boundaries');
    await screen.findByRole('table', { name: 'Boundary vertices' }, { timeout: 10_000 });
    expect(screen.getByText('You can view the boundary but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Boundary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });
});
