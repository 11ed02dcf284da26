import Add from '@mui/icons-material/Add';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { MASTER_DATA_TASKS } from './landing/tasks';

/**
 * Master data (second spec §2.10; issue 6): the landing page with its tiles, system settings, map layers, risk
 * rating settings and the user manual documents. The landing is in the SETTINGS menu (the shell spec keeps only
 * roles, users, logs and status under Administrative); its pages are reached from its tiles.
 */
export const masterDataRoutes: readonly AppRoute[] = [
  {
    path: '/master-data',
    meta: { title: 'masterData.route.landing', tasks: MASTER_DATA_TASKS, category: 'settings', icon: StorageOutlined, menuOrder: 10 },
    lazy: () => import('./landing/master-data-page').then((m) => ({ Component: m.MasterDataPage })),
  },
  {
    path: '/master-data/system-setting',
    meta: { title: 'masterData.route.systemSettings', tasks: ['ManageSystemSettings'], back: true },
    lazy: () => import('./settings/system-settings-page').then((m) => ({ Component: m.SystemSettingsPage })),
  },
  {
    path: '/master-data/map-layers',
    meta: {
      title: 'masterData.route.mapLayers',
      tasks: ['ManageMapLayers'],
      back: true,
      actions: [{ id: 'add-map-layer', title: 'masterData.action.addMapLayer', icon: Add, color: 'primary', acl: ['ManageMapLayers'], default: true }],
    },
    lazy: () => import('./map-layers/map-layers-page').then((m) => ({ Component: m.MapLayersPage })),
  },
  {
    path: '/master-data/risk-rating',
    meta: { title: 'masterData.route.riskRating', tasks: ['ManageRiskRatingSettings'], back: true },
    lazy: () => import('./risk-rating/risk-rating-page').then((m) => ({ Component: m.RiskRatingPage })),
  },
  {
    path: '/master-data/documentations',
    meta: { title: 'masterData.route.documentations', tasks: ['ManageDocumentation'], back: true },
    lazy: () => import('./documentations/documentations-page').then((m) => ({ Component: m.DocumentationsPage })),
  },
];
