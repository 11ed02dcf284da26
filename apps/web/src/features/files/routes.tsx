import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import FilterList from '@mui/icons-material/FilterList';
import PermMediaOutlined from '@mui/icons-material/PermMediaOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import type { AppRoute, RouteMeta } from '../../lib/route-meta';

export const FILE_SEARCH_PATH = '/dashboard/search/file';
export const MAP_UPLOADS_PATH = '/upload/map';
export const DOCUMENT_UPLOADS_PATH = '/upload/document';

/**
 * The two upload histories are the same kind of page (a filtered list, the filter its only action): one table, one
 * route each.
 */
const UPLOAD_HISTORIES: readonly (Pick<AppRoute, 'path' | 'lazy'> & Pick<RouteMeta, 'title' | 'tasks'>)[] = [
  {
    path: MAP_UPLOADS_PATH,
    title: 'files.route.mapUploads',
    tasks: ['UploadDrawingtoBaseMap', 'ManageMapLayers'],
    lazy: () => import('./uploads/map-uploads-page').then((m) => ({ Component: m.MapUploadsPage })),
  },
  {
    path: DOCUMENT_UPLOADS_PATH,
    title: 'files.route.documentUploads',
    tasks: ['UploadOtherFiles', 'DeleteOtherFiles'],
    lazy: () => import('./uploads/document-uploads-page').then((m) => ({ Component: m.DocumentUploadsPage })),
  },
];

/**
 * Files (issue 8, web): the Map Files Search (spec §2.2 tab `file`: upload photo, upload document, toggle filter) —
 * open to every signed-in user like the work space, each file reachable through a record of their contracts — and the
 * upload histories `/upload/map` (drawings to base map) and `/upload/document` (other files), filter only (§2.12).
 * The record views (photo, documents, files) are components/record-files, shown by the detail pages.
 */
export const filesRoutes: readonly AppRoute[] = [
  {
    path: FILE_SEARCH_PATH,
    meta: {
      title: 'files.route.search',
      category: 'home',
      icon: PermMediaOutlined,
      menuOrder: 20,
      back: true,
      actions: [
        { id: 'upload-photo', title: 'files.action.uploadPhoto', icon: AddPhotoAlternateOutlined, color: 'primary', default: true, speedDial: true },
        { id: 'upload-document', title: 'files.action.uploadDocument', icon: NoteAddOutlined, speedDial: true },
        { id: 'filter', title: 'files.action.filter', icon: FilterList, speedDial: true },
      ],
    },
    lazy: () => import('./search/file-search-page').then((m) => ({ Component: m.FileSearchPage })),
  },
  ...UPLOAD_HISTORIES.map(({ path, title, tasks, lazy }): AppRoute => ({
    path,
    meta: { title, tasks, back: true, actions: [{ id: 'filter', title: 'files.action.filter', icon: FilterList, default: true }] },
    lazy,
  })),
];
