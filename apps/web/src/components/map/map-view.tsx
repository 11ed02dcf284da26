import LayersOutlined from '@mui/icons-material/LayersOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { withOverlayChoice, type TConfig } from '@strata/shared';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import type BaseLayer from 'ol/layer/Base';
import 'ol/ol.css';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth-store';
import { useConfig } from '../../lib/config';
import { initialBaseId, mapLayerDefs, overlayVisible, tileSourceOf, type MapLayerDef } from './base-layers';
import { SINGAPORE_EXTENT, svy21ExtentToView, VIEW_PROJECTION } from './projection';

const MapContext = createContext<OlMap | null>(null);

/** Gives children a map of the caller's (the map layers' component tests); MapView provides its own. */
export const OlMapProvider = MapContext.Provider;

/** The OpenLayers map of the enclosing MapView (null while it is created, or where no map can be drawn). */
export function useOlMap(): OlMap | null {
  return useContext(MapContext);
}

/** Puts `layer` on the enclosing MapView's map while the calling component is mounted (keep `layer` stable: useMemo). */
export function useMapLayer(layer: BaseLayer): OlMap | null {
  const map = useOlMap();
  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, layer]);
  return map;
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
  /** What the map shows and where else its data is, in words (its accessible description). */
  description?: string;
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
  /**
   * The user's overlay choices (the preferences' `layers`) and where to save a change: with them, a Layers button on
   * the map lists the base maps and the overlays, each overlay with a checkbox.
   */
  overlays?: OverlayChoices;
  sx?: SxProps<Theme>;
}

export interface OverlayChoices {
  /** `"<layer_id>:on"` / `"<layer_id>:off"` overrides of the admin's `visible` flag. */
  choices: readonly string[];
  /** The whole new list, after one overlay was turned on or off. */
  onChange: (next: string[]) => void;
}

type BaseStatus = 'none' | 'loading' | 'ok' | 'failed';

/**
 * An OpenLayers map in web mercator (EPSG:3857) with the configured base maps and overlays (`GET /config`
 * `map_layers`, `tile_server`), a base-map picker when there are several (or, given `overlays`, a Layers menu with the
 * base maps and an on/off checkbox per overlay), fitted to an SVY21 extent. Under the tiles is a plain grid background,
 * so the map still works — and can be drawn on — when no tile server answers (offline); a note then says so. The map
 * is removed when the component unmounts.
 */
export function MapView({ label, description, extent, height = { xs: 320, sm: 420 }, children, layers, footer, overlays, sx }: MapViewProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
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
  const overlayDefs = defs.filter((d) => d.kind === 'overlay');
  const choices = overlays?.choices;
  const shownOverlays = overlayDefs.filter((d) => overlayVisible(d, choices));
  const shownKey = shownOverlays.map((d) => d.id).join(',');

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

  // The chosen base map, below everything (z-index -100); its tiles tell whether the tile server answers.
  useEffect(() => {
    if (!map) return;
    const base = defs.find((d) => d.id === chosenBase);
    setStatus(base ? 'loading' : 'none');
    if (!base) return;
    const layer = base.create(resourceToken);
    layer.setZIndex(-100);
    map.addLayer(layer);
    const tiles = tileSourceOf(layer);
    let loaded = 0;
    const onLoad = () => {
      loaded += 1;
      setStatus('ok');
    };
    const onError = () => {
      if (loaded === 0) setStatus('failed');
    };
    tiles?.on('tileloadend', onLoad);
    tiles?.on('tileloaderror', onError);
    return () => {
      tiles?.un('tileloadend', onLoad);
      tiles?.un('tileloaderror', onError);
      map.removeLayer(layer);
    };
  }, [map, defs, chosenBase, resourceToken]);

  // The overlays shown (the user's choice, else the admin's default), above the base map and below the children's
  // layers (z-index < 0). `shownKey` names them, so turning one on or off redraws the overlays only.
  useEffect(() => {
    if (!map) return;
    const ids = new Set(shownKey.split(','));
    const added: BaseLayer[] = defs
      .filter((d) => d.kind === 'overlay' && ids.has(d.id))
      .map((def, i) => {
        const layer = def.create(resourceToken);
        layer.setZIndex(-50 + i);
        map.addLayer(layer);
        return layer;
      });
    return () => added.forEach((layer) => map.removeLayer(layer));
  }, [map, defs, shownKey, resourceToken]);

  const knownOverlayIds = overlayDefs.map((d) => d.layerId).filter((id): id is number => id !== null);
  const toggleOverlay = (def: MapLayerDef) => {
    if (!overlays || def.layerId === null) return;
    overlays.onChange(withOverlayChoice(overlays.choices, def.layerId, !overlayVisible(def, overlays.choices), knownOverlayIds));
  };
  const baseName = (def: MapLayerDef) => (def.id === 'tile-server' ? t('contractsAdmin.map.tileServer') : def.name);
  const layersMenu = overlays !== undefined && (overlayDefs.length > 0 || bases.length > 1);

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
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={0}
          sx={{ position: 'absolute', inset: 0, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
        />
        {description && (
          <span id={descriptionId} hidden>
            {description}
          </span>
        )}
        {layersMenu && (
          <LayersMenu
            bases={bases}
            chosenBase={chosenBase}
            onBase={setBaseId}
            baseName={baseName}
            overlays={overlayDefs}
            shown={(def) => overlayVisible(def, choices)}
            onToggle={toggleOverlay}
          />
        )}
        {!layersMenu && bases.length > 1 && (
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
                  {baseName(def)}
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

interface LayersMenuProps {
  bases: readonly MapLayerDef[];
  chosenBase: string | undefined;
  onBase: (id: string) => void;
  baseName: (def: MapLayerDef) => string;
  overlays: readonly MapLayerDef[];
  shown: (def: MapLayerDef) => boolean;
  onToggle: (def: MapLayerDef) => void;
}

/** The Layers button at the map's top right: the base maps (one at a time) and the overlays (each on or off). */
function LayersMenu({ bases, chosenBase, onBase, baseName, overlays, shown, onToggle }: LayersMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('contractsAdmin.map.layers');
  return (
    <>
      <Paper elevation={2} sx={{ position: 'absolute', top: 8, right: 8, borderRadius: 1 }}>
        <Tooltip title={label}>
          <IconButton
            size="small"
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={anchor !== null}
            data-testid="map-layers-button"
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <LayersOutlined />
          </IconButton>
        </Tooltip>
      </Paper>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': label, dense: true } }}
      >
        {bases.length > 1 && <ListSubheader>{t('contractsAdmin.map.baseMap')}</ListSubheader>}
        {bases.length > 1 &&
          bases.map((def) => (
            <MenuItem key={def.id} role="menuitemradio" aria-checked={def.id === chosenBase} onClick={() => onBase(def.id)}>
              <ListItemIcon>
                <Radio size="small" edge="start" checked={def.id === chosenBase} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText>{baseName(def)}</ListItemText>
            </MenuItem>
          ))}
        {overlays.length > 0 && <ListSubheader>{t('contractsAdmin.map.overlays')}</ListSubheader>}
        {overlays.map((def) => (
          <MenuItem key={def.id} role="menuitemcheckbox" aria-checked={shown(def)} onClick={() => onToggle(def)}>
            <ListItemIcon>
              <Checkbox size="small" edge="start" checked={shown(def)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
            </ListItemIcon>
            <ListItemText>{def.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
