import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TSiteDrawing } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import type OlMap from 'ol/Map';
import type ImageLayer from 'ol/layer/Image';
import type ImageStatic from 'ol/source/ImageStatic';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OlMapProvider } from '../../../components/map';
import { sessionStore } from '../../../lib/auth-store';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { drawingAt, progressDrawingLayer, ProgressDrawingOnMap } from './progress-drawing';
import { placedTunnelDrawing, tunnelDrawing } from './test-data';

const EXTENT = [19990, 29990, 20110, 30060];

// Placed PNGs of 01/10 and 03/10 (two of that date, the second uploaded later), a PDF and an unplaced PNG of 02/10.
const DRAWINGS: TSiteDrawing[] = [
  placedTunnelDrawing(3, '2026-10-03', { uploaded_at: '2026-10-03T11:00:00Z', file_name: 'adit-1003-b.png' }),
  placedTunnelDrawing(2, '2026-10-03', { file_name: 'adit-1003-a.png' }),
  tunnelDrawing({ drawing_id: 4, drawing_date: '2026-10-02', file_name: 'section.pdf' }),
  placedTunnelDrawing(5, '2026-10-02', { extent: null, file_name: 'not-placed.png' }),
  placedTunnelDrawing(1, '2026-10-01', { file_name: 'adit-1001.png', content_type: 'image/jpeg' }),
  tunnelDrawing({ drawing_id: 6, drawing_date: null, file_name: 'old.pdf' }),
];

const drawingLayers = (map: OlMap) =>
  map
    .getLayers()
    .getArray()
    .filter((l) => l.get('id') === 'progress-drawing') as ImageLayer<ImageStatic>[];

describe('the progress drawing on a mined tunnel’s map', () => {
  let map: OlMap;
  beforeAll(async () => {
    // OpenLayers watches its target's size; jsdom has no ResizeObserver (the map here has no target anyway).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const { default: Map } = await import('ol/Map');
    map = new Map({});
  });
  afterEach(() => map.getLayers().clear());
  afterAll(() => vi.unstubAllGlobals());

  it('is the placed PNG or JPEG of the latest date on or before the day, the later upload of two of one date', () => {
    const at = (date: string) => drawingAt(DRAWINGS, date)?.drawing_id ?? null;
    expect(at('2026-09-30')).toBeNull();
    expect(at('2026-10-01')).toBe(1);
    // The PDF and the PNG without a place of 02/10 are not drawn: 01/10's stays.
    expect(at('2026-10-02')).toBe(1);
    expect(at('2026-10-03')).toBe(3);
    expect(at('2027-01-01')).toBe(3);
    expect(drawingAt([tunnelDrawing({ extent: [1, 2, 3, 4] })], '2026-12-01')).toBeNull();
  });

  it('is an image layer stretched over its SVY21 place, 60 % opaque, over the base map and under the work space’s layers', () => {
    const layer = progressDrawingLayer('/api/v1/site-drawings/3/download?_token=t', [19990, 29990, 20110, 30060]);
    const source = layer.getSource()!;
    expect(source.getImageExtent()).toEqual(EXTENT);
    expect(source.getProjection()?.getCode()).toBe('EPSG:3414');
    expect(source.getUrl()).toBe('/api/v1/site-drawings/3/download?_token=t');
    expect(layer.getOpacity()).toBe(0.6);
    expect(layer.getZIndex()).toBe(4);
  });

  it('draws the drawing of the slider’s date with the resource token, switches with the date, and goes with the switch or the page', async () => {
    sessionStore.setState({ resourceToken: 'resource-1' });
    server.use(http.get(api('/civil/sites/52/drawings'), () => HttpResponse.json({ records: DRAWINGS, total_records: DRAWINGS.length })));
    const view = renderWidget(
      <OlMapProvider value={map}>
        <ProgressDrawingOnMap siteId={52} />
      </OlMapProvider>,
      { url: '/en/dashboard/search/tunnel/52?tunnel-date=2026-10-02' },
    );
    const control = await screen.findByTestId('progress-drawing');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Drawing of 01/10/2026 (adit-1001.png)');
    expect(control).toHaveAttribute('data-drawing-id', '1');
    await waitFor(() => expect(control).toHaveAttribute('data-layer', 'on'));
    expect(control).toHaveAttribute('data-image', 'loading');
    expect(drawingLayers(map)).toHaveLength(1);
    expect(drawingLayers(map)[0]!.getSource()!.getUrl()).toBe('/api/v1/site-drawings/1/download?_token=resource-1');
    expect(drawingLayers(map)[0]!.getSource()!.getImageExtent()).toEqual(EXTENT);

    // The image arrives; a later one fails and says so.
    act(() => void drawingLayers(map)[0]!.getSource()!.dispatchEvent('imageloadend'));
    expect(control).toHaveAttribute('data-image', 'loaded');

    // The slider moves to 03/10: the later upload of that date replaces it.
    await act(() => view.router!.navigate('/en/dashboard/search/tunnel/52?tunnel-date=2026-10-03'));
    expect(status).toHaveTextContent('Drawing of 03/10/2026 (adit-1003-b.png)');
    expect(control).toHaveAttribute('data-drawing-id', '3');
    expect(drawingLayers(map)).toHaveLength(1);
    expect(drawingLayers(map)[0]!.getSource()!.getUrl()).toBe('/api/v1/site-drawings/3/download?_token=resource-1');
    expect(control).toHaveAttribute('data-image', 'loading');
    act(() => void drawingLayers(map)[0]!.getSource()!.dispatchEvent('imageloaderror'));
    expect(status).toHaveTextContent('The drawing adit-1003-b.png could not be loaded.');

    // Before the first drawing: none, and the switch is off limits.
    await act(() => view.router!.navigate('/en/dashboard/search/tunnel/52?tunnel-date=2026-09-30'));
    expect(status).toHaveTextContent('No progress drawing placed by this date');
    expect(control).not.toHaveAttribute('data-drawing-id');
    expect(control).not.toHaveAttribute('data-layer');
    expect(drawingLayers(map)).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Show progress drawing' })).toBeDisabled();

    // "Show progress drawing" off takes it off the map; on puts it back.
    await act(() => view.router!.navigate('/en/dashboard/search/tunnel/52?tunnel-date=2026-10-03'));
    const toggle = screen.getByRole('switch', { name: 'Show progress drawing' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(drawingLayers(map)).toHaveLength(0);
    expect(control).not.toHaveAttribute('data-layer');
    expect(status).toHaveTextContent('Drawing of 03/10/2026 (adit-1003-b.png)');
    fireEvent.click(toggle);
    await waitFor(() => expect(drawingLayers(map)).toHaveLength(1));

    // Leaving the page takes the layer off the map.
    view.unmount();
    expect(drawingLayers(map)).toHaveLength(0);
  });

  it('shows nothing for a drive without a drawing on the map', async () => {
    let asked = false;
    server.use(
      http.get(api('/civil/sites/52/drawings'), () => {
        asked = true;
        return HttpResponse.json({ records: [tunnelDrawing()], total_records: 1 });
      }),
    );
    renderWidget(
      <OlMapProvider value={map}>
        <ProgressDrawingOnMap siteId={52} />
      </OlMapProvider>,
      { url: '/en/dashboard/search/tunnel/52' },
    );
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByTestId('progress-drawing')).toBeNull();
    expect(drawingLayers(map)).toHaveLength(0);
  });
});
