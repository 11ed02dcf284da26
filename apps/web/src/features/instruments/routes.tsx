import Add from '@mui/icons-material/Add';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SimCardDownloadOutlined from '@mui/icons-material/SimCardDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { PermissionCode } from '@strata/shared';
import type { AppRoute, RouteMeta } from '../../lib/route-meta';

/** Every page here needs Manage Instruments (spec §6 Admin group); so does every change the server accepts. */
const TASKS: readonly PermissionCode[] = ['ManageInstruments'];

/** Master data pages belong to the Administrative category (red top bar) but are reached from the landing tiles, not the menu. */
function page(meta: Omit<RouteMeta, 'category' | 'menu' | 'tasks'>): RouteMeta {
  return { category: 'admin', menu: false, tasks: TASKS, ...meta };
}

/**
 * Instrument master data (spec §2.10; issue 6): Instrument Management (tabs Instruments and Instrument Types, the
 * tab in `?tab=`), one instrument with its thresholds, bulk import of instruments and thresholds, an instrument
 * type's editor, Categories and Instrument Icon.
 */
export const instrumentsRoutes: readonly AppRoute[] = [
  {
    path: '/master-data/instrument',
    meta: page({
      title: 'instruments.route.management',
      icon: SensorsOutlined,
      back: true,
      actions: [
        { id: 'add-instrument', title: 'instruments.action.addInstrument', icon: Add, color: 'primary', acl: TASKS, default: true },
        { id: 'import-instruments', title: 'instruments.action.importInstruments', icon: UploadFileOutlined, acl: TASKS, speedDial: true },
        { id: 'export-instruments', title: 'instruments.action.exportInstruments', icon: FileDownload, acl: TASKS, speedDial: true },
        { id: 'import-thresholds', title: 'instruments.action.importThresholds', icon: FileUpload, acl: TASKS, speedDial: true },
        { id: 'export-thresholds', title: 'instruments.action.exportThresholds', icon: SimCardDownloadOutlined, acl: TASKS, speedDial: true },
        { id: 'add-instrument-type', title: 'instruments.action.addInstrumentType', icon: AddCircleOutline, color: 'primary', acl: TASKS },
      ],
    }),
    lazy: () => import('./instruments/instrument-management-page').then((m) => ({ Component: m.InstrumentManagementPage })),
  },
  {
    path: '/master-data/instrument/new',
    meta: page({ title: 'instruments.route.newInstrument', back: true }),
    lazy: () => import('./instruments/instrument-page').then((m) => ({ Component: m.NewInstrumentPage })),
  },
  {
    path: '/master-data/instrument/import',
    meta: page({ title: 'instruments.route.importInstruments', back: true }),
    lazy: () => import('./instruments/import-page').then((m) => ({ Component: m.ImportInstrumentsPage })),
  },
  {
    path: '/master-data/instrument/import-thresholds',
    meta: page({ title: 'instruments.route.importThresholds', back: true }),
    lazy: () => import('./instruments/import-page').then((m) => ({ Component: m.ImportThresholdsPage })),
  },
  {
    path: '/master-data/instrument/type/new',
    meta: page({ title: 'instruments.route.newType', back: true }),
    lazy: () => import('./types/type-editor-page').then((m) => ({ Component: m.NewInstrumentTypePage })),
  },
  {
    path: '/master-data/instrument/type/:type_id',
    meta: page({ title: 'instruments.route.editType', back: true }),
    lazy: () => import('./types/type-editor-page').then((m) => ({ Component: m.EditInstrumentTypePage })),
  },
  {
    path: '/master-data/instrument/:id',
    meta: page({ title: 'instruments.route.instrument', back: true }),
    lazy: () => import('./instruments/instrument-page').then((m) => ({ Component: m.InstrumentPage })),
  },
  {
    path: '/master-data/category',
    meta: page({
      title: 'instruments.route.categories',
      icon: CategoryOutlined,
      back: true,
      actions: [{ id: 'add-category', title: 'instruments.action.addCategory', icon: Add, color: 'primary', acl: TASKS, default: true }],
    }),
    lazy: () => import('./categories/categories-page').then((m) => ({ Component: m.CategoriesPage })),
  },
  {
    path: '/master-data/icon',
    meta: page({ title: 'instruments.route.icons', icon: PlaceOutlined, back: true }),
    lazy: () => import('./icons/icons-page').then((m) => ({ Component: m.InstrumentIconsPage })),
  },
];
