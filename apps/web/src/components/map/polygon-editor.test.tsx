import type { TPolygon } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { renderWidget } from '../../test/render-widget';
import { PolygonEditor } from './polygon-editor';
import { VertexTable } from './vertex-table';

const SQUARE: TPolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [28001.642, 38744.572],
      [28101.642, 38744.572],
      [28101.642, 38844.572],
      [28001.642, 38844.572],
      [28001.642, 38744.572],
    ],
  ],
};

function Editor({ initial = null, onChange, readOnly }: { initial?: TPolygon | null; onChange?: (value: TPolygon | null) => void; readOnly?: boolean }) {
  const [value, setValue] = useState<TPolygon | null>(initial);
  return (
    <QueryClientProvider client={queryClient}>
      <PolygonEditor
        label="Boundary map"
        value={value}
        readOnly={readOnly}
        layers={{ map_layers: [], tile_server: null }}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </QueryClientProvider>
  );
}

describe('VertexTable', () => {
  it('lists each corner once in SVY21 and WGS84', () => {
    renderWidget(<VertexTable polygon={SQUARE} label="Vertices" />);
    const table = screen.getByRole('table', { name: 'Vertices' });
    const rows = within(table).getAllByRole('row');
    // A header and four corners: the closing repeat is not listed.
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByText('Easting (SVY21)')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Latitude (WGS84)')).toBeInTheDocument();
    const first = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first).toEqual(['1', '28001.642', '38744.572', '1.3666667', '103.8333333']);
  });

  it('says so when there is no polygon', () => {
    renderWidget(<VertexTable polygon={null} label="Vertices" />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No polygon yet: draw one on the map or import a file.')).toBeInTheDocument();
  });
});

describe('PolygonEditor', () => {
  it('imports a GeoJSON file in WGS84, shows its corners and passes it on in SVY21', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Editor onChange={onChange} />);
    const text = JSON.stringify({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [103.85, 1.29],
            [103.851, 1.29],
            [103.851, 1.291],
            [103.85, 1.291],
            [103.85, 1.29],
          ],
        ],
      },
    });
    await user.upload(screen.getByLabelText('GeoJSON or KML file'), new File([text], 'site.geojson', { type: 'application/geo+json' }));
    expect(await screen.findByText('site.geojson imported (WGS84, converted to SVY21).')).toBeInTheDocument();
    const polygon = onChange.mock.calls.at(-1)?.[0] as TPolygon;
    expect(polygon.type).toBe('Polygon');
    expect(polygon.coordinates[0]).toHaveLength(5);
    // SVY21 metres, not degrees.
    expect(polygon.coordinates[0]![0]![0]).toBeGreaterThan(1000);
    const rows = within(screen.getByRole('table', { name: 'Vertices' })).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('1.2900000');
    expect(within(rows[1]!).getAllByRole('cell')[4]!.textContent).toBe('103.8500000');
  });

  it('refuses a file without a polygon and keeps the boundary it had', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Editor initial={SQUARE} onChange={onChange} />);
    await user.upload(screen.getByLabelText('GeoJSON or KML file'), new File(['{"type":"Point","coordinates":[1,2]}'], 'point.geojson'));
    expect(await screen.findByText('The file holds no polygon.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(within(screen.getByRole('table', { name: 'Vertices' })).getAllByRole('row')).toHaveLength(5);
  });

  it('clears the boundary', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Editor initial={SQUARE} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('table', { name: 'Vertices' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('still offers import where the map cannot be drawn, and says why there is no map', () => {
    renderWidget(<Editor />);
    // jsdom has no canvas: no map, so no drawing; importing still works.
    expect(screen.getByText('This browser cannot show the map; you can still import a boundary file.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draw' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import GeoJSON or KML' })).toBeInTheDocument();
  });

  it('shows the corners but no tools when read-only', () => {
    renderWidget(<Editor initial={SQUARE} readOnly />);
    expect(screen.getByRole('table', { name: 'Vertices' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import GeoJSON or KML' })).toBeNull();
  });
});
