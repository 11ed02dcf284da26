import FilterList from '@mui/icons-material/FilterList';
import UploadFile from '@mui/icons-material/UploadFile';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { UPLOAD_LANDING_TASKS } from './landing/tiles';

/**
 * Data uploads (spec §2.12; issue 7 "Readings ingest"): the `/upload` landing with a tile per served type, the
 * instrument readings uploads (upload and filter actions, the history) and one upload's page (progress, the per-row
 * report, Approve / Reject).
 */
export const uploadsRoutes: readonly AppRoute[] = [
  {
    path: '/upload',
    meta: { title: 'uploadPages.route.landing', tasks: UPLOAD_LANDING_TASKS, category: 'upload', icon: CloudUploadOutlined, menuOrder: 10 },
    lazy: () => import('./landing/upload-landing-page').then((m) => ({ Component: m.UploadLandingPage })),
  },
  {
    path: '/upload/instrument',
    meta: {
      title: 'uploadPages.route.instrument',
      tasks: ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory'],
      back: true,
      actions: [
        { id: 'upload', title: 'uploadPages.action.upload', icon: UploadFile, color: 'primary', acl: ['UploadInstrumentationFiles'], default: true },
        { id: 'filter', title: 'uploadPages.action.filter', icon: FilterList, acl: ['ViewInstrumentationUploadHistory'], speedDial: true },
      ],
    },
    lazy: () => import('./instrument/instrument-uploads-page').then((m) => ({ Component: m.InstrumentUploadsPage })),
  },
  {
    path: '/upload/instrument/:id',
    meta: {
      title: 'uploadPages.route.upload',
      tasks: ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory', 'ApproveUpload'],
      back: true,
    },
    lazy: () => import('./instrument/upload-page').then((m) => ({ Component: m.UploadPage })),
  },
  {
    path: '/upload/borehole',
    meta: {
      title: 'boreholes.route.upload',
      tasks: ['UploadSIBoreholeFiles', 'ViewSIBoreholeUploadHistory'],
      back: true,
      actions: [
        { id: 'upload', title: 'uploadPages.action.upload', icon: UploadFile, color: 'primary', acl: ['UploadSIBoreholeFiles'], default: true },
        { id: 'filter', title: 'uploadPages.action.filter', icon: FilterList, acl: ['ViewSIBoreholeUploadHistory'], speedDial: true },
      ],
    },
    lazy: () => import('./borehole/borehole-uploads-page').then((m) => ({ Component: m.BoreholeUploadsPage })),
  },
];
