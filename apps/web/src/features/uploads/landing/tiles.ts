import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { hasAnyPermission, type PermissionCode } from '@strata/shared';
import { matchPath } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n';
import type { AppRoute, RouteIcon } from '../../../lib/route-meta';

export interface UploadTile {
  /** The registered page the tile stands for, below the language prefix. */
  path: string;
  /** Where the tile leads, when more than the page's path (a tab in the query). Default `path`. */
  to?: string;
  title: TranslationKey;
  description: TranslationKey;
  icon: RouteIcon;
}

/** The upload types served so far (spec §2.12), in the spec's order; the others arrive with their issues. */
export const UPLOAD_TILES: readonly UploadTile[] = [
  { path: '/upload/instrument', title: 'uploadPages.tile.instrument', description: 'uploadPages.tile.instrumentText', icon: SensorsOutlined },
  {
    path: '/admin/users/approve',
    to: '/admin/users/approve?tab=upload',
    title: 'uploadPages.tile.userImport',
    description: 'uploadPages.tile.userImportText',
    icon: GroupAddOutlined,
  },
  {
    path: '/master-data/instrument/import',
    title: 'uploadPages.tile.instrumentPlan',
    description: 'uploadPages.tile.instrumentPlanText',
    icon: TableChartOutlined,
  },
];

/** Who may open the landing (and sees it in the menu): anyone holding a task of one of its tiles' pages. */
export const UPLOAD_LANDING_TASKS: readonly PermissionCode[] = [
  'UploadInstrumentationFiles',
  'ViewInstrumentationUploadHistory',
  'ApproveUpload',
  'BulkUserUpload',
  'ApproveUserUpload',
  'ManageInstruments',
];

/** The registered page for a path (a redirect row is followed once), or undefined when no page serves it. */
function pageFor(path: string, routes: readonly AppRoute[]): AppRoute | undefined {
  const row = routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
  if (row?.redirectTo === undefined) return row;
  const target = row.redirectTo.split(/[?#]/)[0] ?? '';
  return routes.find((route) => route.redirectTo === undefined && matchPath({ path: route.path, end: true }, target) !== null);
}

/**
 * The tiles a user sees: those whose page is in the route table and whose route the user may open (one of its own
 * tasks, read from the table rather than repeated here) — the master data landing's rule.
 */
export function visibleUploadTiles(tiles: readonly UploadTile[], routes: readonly AppRoute[], permissions: readonly string[]): UploadTile[] {
  return tiles.filter((tile) => {
    const page = pageFor(tile.path, routes);
    return page?.meta !== undefined && hasAnyPermission(permissions, page.meta.tasks);
  });
}
