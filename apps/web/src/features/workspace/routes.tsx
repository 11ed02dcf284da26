import MapOutlined from '@mui/icons-material/MapOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { BOREHOLE_LIST_PATH } from './boreholes/paths';
import { BOREHOLE_SECTION_PATH } from './boreholes/section-state';
import { EXCAVATION_LIST_PATH, TUNNEL_LIST_PATH } from './construction/paths';
import { CAPTURE_MAP_PATH, INSTRUMENT_LIST_PATH, LOCATION_PATH, MAP_REPORT_PATH, WORKSPACE_PATH } from './paths';

const workspacePage = () => import('./layout/workspace-page').then((m) => ({ Component: m.WorkspacePage }));

/**
 * The work space (spec §2.1–2.3, §2.5; issue 7): the map beside a panel — the instrument list, the location search
 * and an instrument's detail are the same page (one component), so the map stays while the panel changes. Open to
 * every signed-in user (it is the default page after sign-in); readings need their own permissions on the server.
 * The file search tab arrives with its issue.
 */
export const workspaceRoutes: readonly AppRoute[] = [
  { path: WORKSPACE_PATH, redirectTo: INSTRUMENT_LIST_PATH },
  { path: '/dashboard/search', redirectTo: INSTRUMENT_LIST_PATH },
  {
    path: INSTRUMENT_LIST_PATH,
    meta: { title: 'workspace.route.workSpace', category: 'home', icon: MapOutlined, menuOrder: 10 },
    lazy: workspacePage,
  },
  {
    path: LOCATION_PATH,
    meta: { title: 'workspace.route.locationSearch', category: 'home', menu: false },
    lazy: workspacePage,
  },
  {
    path: '/dashboard/search/instrument/:id/:view?',
    meta: { title: 'workspace.route.instrument', back: true },
    lazy: workspacePage,
  },
  // SI boreholes (issue 18; spec §2.2, §2.13, §2.14): the list and a borehole's detail are this page too.
  {
    path: BOREHOLE_LIST_PATH,
    meta: { title: 'boreholes.route.list', category: 'home', menu: false },
    lazy: workspacePage,
  },
  // Before `/dashboard/search/borehole/:id/:view?`: "section" is not a borehole id (a static segment ranks first too).
  {
    path: BOREHOLE_SECTION_PATH,
    meta: { title: 'boreholes.route.section', back: true },
    lazy: () => import('./boreholes/section-page').then((m) => ({ Component: m.BoreholeSectionPage })),
  },
  {
    path: '/dashboard/search/borehole/:id/log',
    meta: { title: 'boreholes.route.log', back: true },
    lazy: () => import('./boreholes/borehole-log-page').then((m) => ({ Component: m.BoreholeLogPage })),
  },
  {
    path: '/dashboard/search/borehole/:id/:view?',
    meta: { title: 'boreholes.route.detail', back: true },
    lazy: workspacePage,
  },
  // Excavation sites and mined tunnels (issue 19; spec §2.2, §2.3): the lists and a site's detail are this page too.
  {
    path: EXCAVATION_LIST_PATH,
    meta: { title: 'construction.route.excavationList', category: 'home', menu: false },
    lazy: workspacePage,
  },
  {
    path: '/dashboard/search/excavation/:id/:view?',
    meta: { title: 'construction.route.excavation', back: true },
    lazy: workspacePage,
  },
  {
    path: TUNNEL_LIST_PATH,
    meta: { title: 'construction.route.tunnelList', category: 'home', menu: false },
    lazy: workspacePage,
  },
  {
    path: '/dashboard/search/tunnel/:id/:view?',
    meta: { title: 'construction.route.tunnel', back: true },
    lazy: workspacePage,
  },
  // Map Reports (spec §2.4, issue 20): the work-space map, from the same query string, into a map report.
  {
    path: MAP_REPORT_PATH,
    meta: { title: 'workspace.route.mapReport', tasks: ['GenerateMapReport'], category: 'home', icon: SummarizeOutlined, menuOrder: 20, back: true },
    lazy: () => import('./report/map-report-page').then((m) => ({ Component: m.MapReportPage })),
  },
  {
    path: CAPTURE_MAP_PATH,
    meta: { title: 'workspace.route.captureMap', back: true },
    lazy: () => import('./capture/capture-map-page').then((m) => ({ Component: m.CaptureMapPage })),
  },
];
