import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { BOREHOLE_MAP_ZOOM, type TBoreholeListItem, type TInstrument } from '@strata/shared';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { SINGAPORE_EXTENT } from '../../../components/map';
import { useConfig } from '../../../lib/config';
import { localePath } from '../../../lib/paths';
import { useSystemState } from '../../../lib/system-store';
import { useCan } from '../../../lib/use-can';
import { useCanGoBack } from '../../../lib/use-can-go-back';
import { useLang } from '../../../lib/use-lang';
import { useContractBoundaries } from '../api/boundaries';
import { useWorkspaceInstruments } from '../api/instruments';
import { useMapPreferences } from '../api/preferences';
import { useWorkspaceSites } from '../api/sites';
import { useInstrumentStatuses } from '../api/statuses';
import { useZones } from '../api/zones';
import { BookmarksMenu } from '../bookmarks/bookmarks-menu';
import { findInstrumentView, INSTRUMENT_VIEWS } from '../detail/instrument-views';
import { mapInstruments } from '../list/filter-instruments';
import { InstrumentListPanel } from '../list/instrument-list-panel';
import { LocationPanel } from '../location/location-panel';
import { useHomeFit } from '../map/home-view';
import { instrumentLook } from '../map/instrument-style';
import type { FitRequest } from '../map/view-sync';
import { usePreferredLayers } from '../map/use-preferred-layers';
import { WorkspaceMap } from '../map/workspace-map';
import { CAPTURE_MAP_PATH, INSTRUMENT_LIST_PATH, instrumentPath, LOCATION_PATH, MAP_REPORT_PATH } from '../paths';
import { Loading } from '../../../components/query-states';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { useWorkspaceUrl } from '../state/use-workspace-url';
import { POINT_ZOOM, type Svy21Extent } from '../state/url-state';
import { useContractFromAddress, useWorkspaceContracts } from '../state/workspace-contract';
import { useBorehole, useBoreholesLive, useMapBoreholes } from '../boreholes/api';
import { BoreholeLayer } from '../boreholes/borehole-layer';
import { versionOf } from '../boreholes/borehole-detail-panel';
import { BoreholeListPanel } from '../boreholes/borehole-list-panel';
import { BoreholeViews, findBoreholeView } from '../boreholes/borehole-views';
import { svy21Position } from '../boreholes/position';
import { BOREHOLE_LIST_PATH, BOREHOLE_SEARCH_PREFIX, boreholePath } from '../boreholes/paths';
import { useConstructionLive } from '../construction/api';
import { ConstructionListPanel } from '../construction/construction-list-panel';
import { ConstructionMapLayers } from '../construction/construction-map';
import { ConstructionViews, findConstructionView } from '../construction/construction-views';
import { constructionListPath, constructionPath, constructionTypeOf, EXCAVATION_LIST_PATH, TUNNEL_LIST_PATH } from '../construction/paths';
import { useBringIntoView } from './use-bring-into-view';
import { useFilterOptions } from './use-filter-options';
import { useGazetteer } from './use-gazetteer';
import { useGoToEntry } from './use-go-to-entry';
import { useMapReports } from './use-map-reports';
import { isLayoutMode, WorkspaceToolbar, type LayoutMode } from './workspace-toolbar';

const NO_BOREHOLES: TBoreholeListItem[] = [];
/** The map and panel heights on tablets and desktops: the window less the top bar, contract bar, toolbar and margins. */
const DESKTOP_HEIGHT = 'max(460px, calc(100vh - 250px))';
const PHONE_MAP_HEIGHT = 320;

type PanelKind = 'list' | 'location' | 'detail' | 'boreholes' | 'borehole' | 'excavations' | 'tunnels' | 'site';

/**
 * The Work Space (spec §2.1–2.5; issue 7): the map beside a panel — the instrument list, the location search, or an
 * instrument's detail. One component serves the three routes, so the map stays while the panel changes. All list and
 * map state is in the query string (state/url-state.ts); the contract choice is remembered (state/workspace-contract.ts).
 */
/** The SI borehole pages of the work space (list, detail, log). */
const onBoreholesPath = (pathname: string) => pathname.includes(BOREHOLE_SEARCH_PREFIX);

export function WorkspacePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const inAppHistory = useCanGoBack();
  const params = useParams();
  const { go } = useWorkspaceNav();
  const { state, update, search, currentSearch } = useWorkspaceUrl();
  const { contracts, choice, contractIds, setChoice } = useWorkspaceContracts();
  useContractFromAddress();
  const config = useConfig();
  const sync = useSystemState((st) => st.sync);
  const prefs = useMapPreferences();
  const canMapReport = useCan('GenerateMapReport');
  const instruments = useWorkspaceInstruments(contractIds);
  const statuses = useInstrumentStatuses(contractIds);
  const levelOf = statuses.levelOf;
  const zones = useZones(contractIds);
  const sites = useWorkspaceSites(contractIds);
  const boundaries = useContractBoundaries(contractIds);
  const homeFit = useHomeFit({ contractIds, instruments, boundaries });
  const look = useMemo(() => instrumentLook(config.data), [config.data]);
  const { stations, overlays } = usePreferredLayers();

  const onBoreholes = onBoreholesPath(location.pathname);
  // The excavation and mined-tunnel pages (issue 19): E or MT, else null.
  const siteType = constructionTypeOf(location.pathname);
  const recordId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const instrumentId = onBoreholes || siteType ? undefined : recordId;
  const boreholeId = onBoreholes ? recordId : undefined;
  const siteId = siteType ? recordId : undefined;
  const kind: PanelKind = siteType
    ? params.id !== undefined
      ? 'site'
      : siteType === 'E'
        ? 'excavations'
        : 'tunnels'
    : onBoreholes
      ? params.id !== undefined
        ? 'borehole'
        : 'boreholes'
      : params.id !== undefined
        ? 'detail'
        : location.pathname.endsWith(LOCATION_PATH)
          ? 'location'
          : 'list';
  const boreholes = useMapBoreholes(contractIds, onBoreholes);
  // The open borehole, drawn on the map whichever contracts are chosen (the detail panel asks for the same).
  const shownBorehole = useBorehole(boreholeId ?? 0, versionOf(new URLSearchParams(location.search)), boreholeId !== undefined);
  useBoreholesLive(onBoreholes);
  useConstructionLive(siteType !== null);

  // Layout mode: the user's map_size preference at first, then their choice on this page.
  const [layout, setLayout] = useState<LayoutMode | null>(null);
  const mode: LayoutMode = layout ?? (isLayoutMode(prefs.map_size) ? prefs.map_size : 'Equal');
  const [selecting, setSelecting] = useState(false);
  const [fit, setFit] = useState<FitRequest | null>(null);
  const [marker, setMarker] = useState<[number, number] | null>(null);
  const [locationText, setLocationText] = useState('');
  const lastExtent = useRef<Svy21Extent | null>(null);

  const home = config.data?.map_bounds ?? SINGAPORE_EXTENT;
  // The keyword and the filter apply to the map as to the list (the map's own area limits only the list). On the
  // borehole pages the keyword is the borehole list's: the instruments stay unfiltered.
  const instrumentKeyword = onBoreholesPath(location.pathname) || siteType ? '' : state.keyword;
  const onMap = useMemo(
    () => mapInstruments(instruments.data ?? [], { keyword: instrumentKeyword, filter: state.filter }, levelOf),
    [instruments.data, instrumentKeyword, state.filter, levelOf],
  );

  const onMoved = useMapReports({ state, update, currentSearch, lastExtent });

  const open = useCallback((instrument: TInstrument) => go(instrumentPath(instrument.instrument_id), { search: currentSearch() }), [go, currentSearch]);
  const centre = useCallback((easting: number, northing: number) => update({ pos: { x: easting, y: northing, zoom: POINT_ZOOM } }), [update]);
  const openBorehole = useCallback(
    (borehole: { borehole_id: number }) => go(boreholePath(borehole.borehole_id), { search: currentSearch() }),
    [go, currentSearch],
  );
  const openSite = useCallback(
    (site: { site_id: number; type: 'E' | 'MT' }) => go(constructionPath(site.type, site.site_id), { search: currentSearch() }),
    [go, currentSearch],
  );

  // A selected area ends select mode.
  const onSelectArea = useCallback(
    (extent: Svy21Extent) => {
      setSelecting(false);
      update({ selectedBounds: extent });
    },
    [update],
  );

  const filterOptions = useFilterOptions({
    config: config.data,
    instruments: instruments.data,
    zones: zones.data,
    contracts,
    contractIds,
    levelsKnown: statuses.known,
  });
  const gazetteer = useGazetteer({ contracts, contractIds, sites: sites.data, zones: zones.data, instruments: instruments.data });
  const goToEntry = useGoToEntry({ instruments, setMarker, centre, setFit });
  useBringIntoView(instrumentId, instruments.data, lastExtent, state.pos, update);

  // The marker belongs to the location search.
  useEffect(() => {
    if (kind !== 'location') setMarker(null);
  }, [kind]);

  // A view segment that is not one of INSTRUMENT_VIEWS (yet): show the detail.
  const view = kind === 'detail' ? findInstrumentView(INSTRUMENT_VIEWS, params.view) : undefined;
  const boreholeView = kind === 'borehole' ? findBoreholeView(params.view) : undefined;
  const siteView = kind === 'site' ? findConstructionView(params.view) : undefined;
  if (siteType && kind === 'site' && (siteId === undefined || !siteView)) {
    return (
      <Navigate
        replace
        to={`${localePath(lang, siteId === undefined ? constructionListPath(siteType) : constructionPath(siteType, siteId))}${location.search}`}
      />
    );
  }
  if (kind === 'borehole' && (boreholeId === undefined || !boreholeView)) {
    return <Navigate replace to={`${localePath(lang, boreholeId === undefined ? BOREHOLE_LIST_PATH : boreholePath(boreholeId))}${location.search}`} />;
  }
  if (kind === 'detail' && (instrumentId === undefined || !view)) {
    return <Navigate replace to={`${localePath(lang, instrumentId === undefined ? INSTRUMENT_LIST_PATH : instrumentPath(instrumentId))}${location.search}`} />;
  }

  const canGoBack = inAppHistory && kind !== 'detail' && kind !== 'borehole' && kind !== 'site'; // the detail page has the footer's Back
  const mapShown = mode !== 'FullPanel';
  const panelShown = mode !== 'FullMap';
  const viewPath = `${location.pathname.replace(/^\/[a-z]{2}(?=\/)/, '')}${search ? `?${search}` : ''}`;
  const detailName = kind === 'detail' ? instruments.data?.find((i) => i.instrument_id === instrumentId)?.name : undefined;

  let panel;
  if (kind === 'site' && siteType && siteId !== undefined && siteView) {
    panel = (
      <ConstructionViews
        type={siteType}
        siteId={siteId}
        view={siteView.view}
        contractIds={contractIds}
        onView={(value) => go(constructionPath(siteType, siteId, value), { search: currentSearch() })}
        onShowOnMap={(extent, auto) => {
          // Asked for: show the map; on opening, the layout chosen stays.
          if (!auto && mode === 'FullPanel') setLayout('Equal');
          setFit({ extent, nonce: Date.now() });
        }}
      />
    );
  } else if (kind === 'borehole' && boreholeId !== undefined && boreholeView) {
    panel = (
      <BoreholeViews
        boreholeId={boreholeId}
        view={boreholeView.view}
        onView={(value) => go(boreholePath(boreholeId, value), { search: currentSearch() })}
        onShowOnMap={(borehole, auto) => {
          // Asked for: show the map; on opening, the layout chosen stays.
          if (!auto && mode === 'FullPanel') setLayout('Equal');
          const position = svy21Position(borehole);
          if (position) update({ pos: { x: position[0], y: position[1], zoom: BOREHOLE_MAP_ZOOM } }, { replace: auto });
        }}
      />
    );
  } else if (kind === 'detail' && instrumentId !== undefined && view) {
    panel = (
      <>
        <Tabs
          value={view.view}
          onChange={(_event, value: string) => go(instrumentPath(instrumentId, value), { search: currentSearch() })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
          aria-label={t('workspace.views.label')}
        >
          {INSTRUMENT_VIEWS.map((v) => (
            <Tab key={v.view} value={v.view} label={t(v.labelKey)} />
          ))}
        </Tabs>
        <Suspense fallback={<Loading />}>
          {view.render(instrumentId, {
            config: config.data,
            look,
            state,
            update,
            onShowOnMap: (instrument) => {
              if (mode === 'FullPanel') setLayout('Equal');
              centre(instrument.easting, instrument.northing);
            },
          })}
        </Suspense>
      </>
    );
  } else {
    panel = (
      <>
        <Tabs
          value={kind}
          onChange={(_event, value: PanelKind) =>
            go(
              value === 'location'
                ? LOCATION_PATH
                : value === 'boreholes'
                  ? BOREHOLE_LIST_PATH
                  : value === 'excavations'
                    ? EXCAVATION_LIST_PATH
                    : value === 'tunnels'
                      ? TUNNEL_LIST_PATH
                      : INSTRUMENT_LIST_PATH,
              { search: currentSearch() },
            )
          }
          // Five tabs: they scroll on a phone rather than squeeze.
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { flex: { md: '1 0 auto' }, px: 1.5 } }}
          aria-label={t('workspace.tabs.label')}
        >
          <Tab value="list" label={t('workspace.tabs.instrumentList')} />
          <Tab value="boreholes" label={t('boreholes.tab')} />
          <Tab value="excavations" label={t('construction.tab.excavation')} />
          <Tab value="tunnels" label={t('construction.tab.tunnel')} />
          <Tab value="location" label={t('workspace.tabs.location')} />
        </Tabs>
        {kind === 'excavations' || kind === 'tunnels' ? (
          <ConstructionListPanel
            type={kind === 'excavations' ? 'E' : 'MT'}
            contractIds={contractIds}
            noContracts={contractIds.length === 0 && sync}
            state={state}
            update={update}
            currentExtent={() => lastExtent.current}
            onOpen={openSite}
          />
        ) : kind === 'boreholes' ? (
          <BoreholeListPanel
            contractIds={contractIds}
            noContracts={contractIds.length === 0 && sync}
            state={state}
            update={update}
            currentExtent={() => lastExtent.current}
            onOpen={openBorehole}
          />
        ) : kind === 'location' ? (
          <LocationPanel
            entries={gazetteer}
            loading={instruments.isPending || zones.isPending || sites.isPending}
            bounds={home}
            initialText={locationText}
            onTextChange={setLocationText}
            geocoder={config.data?.settings.geocoder === true}
            onPoint={(easting, northing) => {
              if (mode === 'FullPanel') setLayout('Equal');
              setMarker([easting, northing]);
              centre(easting, northing);
            }}
            onEntry={(entry) => {
              if (mode === 'FullPanel') setLayout('Equal');
              void goToEntry(entry);
            }}
          />
        ) : (
          <InstrumentListPanel
            instruments={contractIds.length === 0 ? undefined : instruments.data}
            loading={instruments.isFetching}
            error={instruments.error}
            onRetry={() => void instruments.refetch()}
            noContracts={contractIds.length === 0 && sync}
            state={state}
            update={update}
            look={look}
            levelOf={levelOf}
            filterOptions={filterOptions}
            currentExtent={() => lastExtent.current}
            onOpen={open}
          />
        )}
      </>
    );
  }

  return (
    <Box data-testid="workspace">
      <WorkspaceToolbar
        onBack={canGoBack ? () => void navigate(-1) : undefined}
        contracts={contracts}
        contractChoice={choice}
        onContractChoice={setChoice}
        layout={mode}
        onLayout={setLayout}
        onResetMap={() => update({ pos: null })}
        selecting={selecting}
        onToggleSelecting={() => setSelecting((v) => !v)}
        onCapture={() => go(CAPTURE_MAP_PATH, { search: currentSearch() })}
        onMapReport={canMapReport ? () => go(MAP_REPORT_PATH, { search: currentSearch() }) : undefined}
        bookmarks={<BookmarksMenu path={viewPath} contract={choice} suggestedName={detailName ?? t('workspace.route.workSpace')} />}
      />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'stretch' }}>
        <Box sx={{ flex: '1 1 0', minWidth: 0, display: mapShown ? 'block' : 'none' }}>
          <WorkspaceMap
            instruments={onMap}
            boundaries={boundaries.boundaries}
            look={look}
            levelOf={levelOf}
            showLabels={prefs.show_label}
            showLegend={prefs.show_legend}
            stations={stations}
            overlays={overlays}
            home={home}
            homeFit={homeFit}
            pos={state.pos}
            onMoved={onMoved}
            selectedId={kind === 'detail' ? instrumentId : null}
            onOpen={open}
            selectedArea={state.selectedBounds}
            selecting={selecting}
            onSelectArea={onSelectArea}
            height={{ xs: mode === 'FullMap' ? 'calc(100vh - 220px)' : PHONE_MAP_HEIGHT, md: DESKTOP_HEIGHT }}
            fit={fit}
            marker={marker}
            boreholes={onBoreholes ? (boreholes.data ?? NO_BOREHOLES) : null}
          >
            {siteType && <ConstructionMapLayers type={siteType} contractIds={contractIds} keyword={state.keyword} siteId={siteId} onOpen={openSite} />}
            {onBoreholes && (
              <BoreholeLayer
                boreholes={boreholes.data ?? NO_BOREHOLES}
                showLabels={prefs.show_label}
                selected={boreholeId === undefined ? null : (shownBorehole.data ?? null)}
                onOpen={openBorehole}
              />
            )}
          </WorkspaceMap>
        </Box>
        {panelShown && (
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('workspace.panel')}
            sx={{ flex: '1 1 0', minWidth: 0, p: { xs: 1.5, sm: 2 }, height: { md: DESKTOP_HEIGHT }, overflow: { md: 'auto' } }}
          >
            {panel}
          </Paper>
        )}
      </Box>
    </Box>
  );
}
