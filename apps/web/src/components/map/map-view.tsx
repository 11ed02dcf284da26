import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { TConfig } from '@strata/shared';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import type BaseLayer from 'ol/layer/Base';
import 'ol/ol.css';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth-store';
import { useConfig } from '../../lib/config';
import { initialBaseId, mapLayerDefs, tileSourceOf, type MapLayerDef } from './base-layers';
import { SINGAPORE_EXTENT, svy21ExtentToView, VIEW_PROJECTION } from './projection';

const MapContext = createContext<OlMap | null>(null);

/** The OpenLayers map of the enclosing MapView (null while it is created, or where no map can be drawn). */
export function useOlMap(): OlMap | null {
  return useContext(MapContext);
}

/** True where OpenLayers can draw (a browser with canvas and ResizeObserver; not jsdom). */
export function canDrawMaps(): boolean {
  if (typeof window === 'undefined' || typeof ResizeObserver === 'undefined') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export interface MapViewProps {
  /** The map's accessible name. */
  label: string;
  /** SVY21 `[minE, minN, maxE, maxN]` to show at first (and again when it changes); default `map_bounds`, else Singapore. */
  extent?: readonly number[] | null;
  /** Default 420 px (320 px on phones). */
  height?: number | string | { xs?: number | string; sm?: number | string; md?: number | string };
  /** Layers and tools drawn on the map; they reach it with `useOlMap()`. */
  children?: ReactNode;
  /** Map layers and tile server in place of the configuration's (`GET /config`). */
  layers?: Pick<TConfig, 'map_layers' | 'tile_server'> & { map_bounds?: TConfig['map_bounds'] };
  /** Below the map (a status line, the pointer position). */
  footer?: ReactNode;
  sx?: SxProps<Theme>;
}

type BaseStatus = 'none' | 'loading' | 'ok' | 'failed';

/**
 * An OpenLayers map in web mercator (EPSG:3857) with the configured base maps and overlays (`GET /config`
 * `map_layers`, `tile_server`), a base-map picker when there are several, fitted to an SVY21 extent. Under the tiles
 * is a plain grid background, so the map still works — and can be drawn on — when no tile server answers
 * (offline); a note then says so. The map is removed when the component unmounts.
 */
export function MapView({ label, extent, height = { xs: 320, sm: 420 }, children, layers, footer, sx }: MapViewProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const source = layers ?? config.data;
  const resourceToken = useSession((state) => state.resourceToken);
  const defs = useMemo(() => mapLayerDefs(source), [source]);
  const bases = defs.filter((d) => d.kind === 'base');
  const [baseId, setBaseId] = useState<string | undefined>(undefined);
  const chosenBase = baseId && bases.some((d) => d.id === baseId) ? baseId : initialBaseId(defs);
  const [status, setStatus] = useState<BaseStatus>('none');
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const drawable = useMemo(canDrawMaps, []);
  const fitExtent = extent ?? source?.map_bounds ?? SINGAPORE_EXTENT;
  const extentKey = fitExtent.join(',');

  // The map itself: made once, removed on unmount.
  useEffect(() => {
    if (!drawable || !target.current) return;
    const created = new OlMap({
      target: target.current,
      // Arrow keys pan and +/- zoom while the map (its focusable box) has the focus.
      keyboardEventTarget: target.current,
      controls: defaultControls({ attributionOptions: { collapsible: true } }),
      view: new View({ projection: VIEW_PROJECTION, center: [0, 0], zoom: 2, maxZoom: 22 }),
    });
    setMap(created);
    return () => {
      created.setTarget(undefined);
      created.dispose();
      setMap(null);
    };
  }, [drawable]);

  // Fit to the extent at first and whenever it changes.
  useEffect(() => {
    if (!map) return;
    const size = map.getSize();
    map.getView().fit(svy21ExtentToView(fitExtent), { size: size ?? [800, 420], padding: [16, 16, 16, 16], maxZoom: 19 });
    // The extent's value (extentKey) matters, not its identity.
  }, [map, extentKey]);

  // Layers: the chosen base map and the visible overlays, below the children's layers (z-index < 0).
  useEffect(() => {
    if (!map) return;
    const added: BaseLayer[] = [];
    const cleanups: (() => void)[] = [];
    const base = defs.find((d) => d.id === chosenBase);
    setStatus(base ? 'loading' : 'none');
    const add = (def: MapLayerDef, zIndex: number) => {
      const layer = def.create(resourceToken);
      layer.setZIndex(zIndex);
      map.addLayer(layer);
      added.push(layer);
      return layer;
    };
    if (base) {
      const layer = add(base, -100);
      const tiles = tileSourceOf(layer);
      if (tiles) {
        let loaded = 0;
        const onLoad = () => {
          loaded += 1;
          setStatus('ok');
        };
        const onError = () => {
          if (loaded === 0) setStatus('failed');
        };
        tiles.on('tileloadend', onLoad);
        tiles.on('tileloaderror', onError);
        cleanups.push(() => {
          tiles.un('tileloadend', onLoad);
          tiles.un('tileloaderror', onError);
        });
      }
    }
    defs.filter((d) => d.kind === 'overlay' && d.visible).forEach((def, i) => add(def, -50 + i));
    return () => {
      cleanups.forEach((fn) => fn());
      added.forEach((layer) => map.removeLayer(layer));
    };
  }, [map, defs, chosenBase, resourceToken]);

  const note = !drawable
    ? t('contractsAdmin.map.unsupported')
    : status === 'failed'
      ? t('contractsAdmin.map.offline')
      : status === 'none' && source
        ? t('contractsAdmin.map.noBaseMap')
        : null;

  return (
    <Box sx={sx}>
      <Box
        sx={{
          position: 'relative',
          height,
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          // The plain background under the tiles: what shows offline.
          bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#1c262c' : '#eef2f4'),
          backgroundImage: (theme) => {
            const line = theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)';
            return `linear-gradient(${line} 1px, transparent 1px), linear-gradient(90deg, ${line} 1px, transparent 1px)`;
          },
          backgroundSize: '32px 32px',
        }}
      >
        <Box
          ref={target}
          role="application"
          aria-label={label}
          tabIndex={0}
          sx={{ position: 'absolute', inset: 0, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
        />
        {bases.length > 1 && (
          <Paper elevation={2} sx={{ position: 'absolute', top: 8, right: 8, p: 0.5, maxWidth: 'calc(100% - 64px)' }}>
            <TextField
              select
              size="small"
              label={t('contractsAdmin.map.baseMap')}
              value={chosenBase ?? ''}
              onChange={(event) => setBaseId(event.target.value)}
              sx={{ minWidth: 160 }}
            >
              {bases.map((def) => (
                <MenuItem key={def.id} value={def.id}>
                  {def.id === 'tile-server' ? t('contractsAdmin.map.tileServer') : def.name}
                </MenuItem>
              ))}
            </TextField>
          </Paper>
        )}
        {note && (
          <Paper elevation={1} role="status" sx={{ position: 'absolute', left: 8, bottom: 8, px: 1, py: 0.5, maxWidth: 'calc(100% - 16px)', opacity: 0.92 }}>
            <Typography variant="caption">{note}</Typography>
          </Paper>
        )}
      </Box>
      <MapContext.Provider value={map}>
        {children}
        {footer}
      </MapContext.Provider>
    </Box>
  );
}
