import Add from '@mui/icons-material/Add';
import FilterList from '@mui/icons-material/FilterList';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import type { PermissionCode } from '@strata/shared';
import type { AppRoute, RouteMeta } from '../../lib/route-meta';
import { SITE_TASKS } from './shared/site-type';

/** Master data pages are Administrative (decision 001: red top bar) but reached from the /master-data tiles, not the menu. */
function page(meta: Omit<RouteMeta, 'category' | 'menu' | 'back'>): RouteMeta {
  return { category: 'admin', menu: false, back: true, ...meta };
}

const EXCAVATION_TASKS: PermissionCode[] = ['ManageConstructionSites', 'ManageExcavationActivities'];
const TUNNEL_TASKS: PermissionCode[] = ['ManageConstructionSites', 'ManageMinedTunnelActivities'];

/**
 * Construction sites, excavation and mined-tunnel activity, zones (spec §2.10, issue 6). Access per decision 008:
 * the site pages need any of the three site tasks, creating a site ManageConstructionSites, the activity pages the
 * task of their site type, zones ManageZones.
 */
export const sitesRoutes: readonly AppRoute[] = [
  {
    path: '/master-data/construction/site',
    meta: page({
      title: 'sites.route.sites',
      tasks: SITE_TASKS,
      actions: [
        { id: 'add-site', title: 'sites.action.addSite', icon: Add, color: 'primary', acl: ['ManageConstructionSites'], default: true },
        { id: 'upload-history', title: 'sites.action.uploadHistory', icon: HistoryOutlined, acl: SITE_TASKS, speedDial: true },
      ],
    }),
    lazy: () => import('./construction/sites-page').then((m) => ({ Component: m.SitesPage })),
  },
  {
    path: '/master-data/construction/site/new',
    meta: page({ title: 'sites.route.newSite', tasks: ['ManageConstructionSites'] }),
    lazy: () => import('./construction/new-site-page').then((m) => ({ Component: m.NewSitePage })),
  },
  {
    path: '/master-data/construction/site/uploads',
    meta: page({
      title: 'sites.route.uploads',
      tasks: SITE_TASKS,
      actions: [{ id: 'filter', title: 'sites.action.filter', icon: FilterList, acl: SITE_TASKS, default: true }],
    }),
    lazy: () => import('./construction/uploads-page').then((m) => ({ Component: m.UploadsPage })),
  },
  {
    path: '/master-data/construction/site/:id',
    meta: page({
      title: 'sites.route.site',
      tasks: SITE_TASKS,
      actions: [{ id: 'upload-drawing', title: 'sites.action.uploadDrawing', icon: UploadFile, color: 'primary', acl: SITE_TASKS, default: true }],
    }),
    lazy: () => import('./construction/site-page').then((m) => ({ Component: m.SitePage })),
  },
  {
    path: '/master-data/excavations',
    meta: page({ title: 'sites.route.excavations', tasks: EXCAVATION_TASKS }),
    lazy: () => import('./activity/activity-page').then((m) => ({ Component: m.ExcavationsPage })),
  },
  {
    path: '/master-data/mined-tunnel',
    meta: page({ title: 'sites.route.minedTunnels', tasks: TUNNEL_TASKS }),
    lazy: () => import('./activity/activity-page').then((m) => ({ Component: m.MinedTunnelsPage })),
  },
  {
    path: '/master-data/zones',
    meta: page({
      title: 'sites.route.zones',
      tasks: ['ManageZones'],
      actions: [{ id: 'add-zone', title: 'sites.action.addZone', icon: Add, color: 'primary', acl: ['ManageZones'], default: true }],
    }),
    lazy: () => import('./zones/zones-page').then((m) => ({ Component: m.ZonesPage })),
  },
  {
    path: '/master-data/zones/new',
    meta: page({ title: 'sites.route.newZone', tasks: ['ManageZones'] }),
    lazy: () => import('./zones/zone-pages').then((m) => ({ Component: m.NewZonePage })),
  },
  {
    path: '/master-data/zones/:id',
    meta: page({ title: 'sites.route.zone', tasks: ['ManageZones'] }),
    lazy: () => import('./zones/zone-pages').then((m) => ({ Component: m.ZonePage })),
  },
];
