import FilterList from '@mui/icons-material/FilterList';
import UploadFile from '@mui/icons-material/UploadFile';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { CONSTRUCTION_UPLOADS } from './construction/records';
import { UPLOAD_LANDING_TASKS } from './landing/tiles';

const PAGES = {
  excavation: { title: 'constructionUploads.route.excavation', page: 'ExcavationUploadsPage' },
  tunnel: { title: 'constructionUploads.route.tunnel', page: 'TunnelUploadsPage' },
  qpd: { title: 'constructionUploads.route.qpd', page: 'QpdUploadsPage' },
  'instrument-plan': { title: 'constructionUploads.route.instrumentPlan', page: 'InstrumentPlanUploadsPage' },
} as const;

/**
 * Data uploads (spec §2.12; issue 7 "Readings ingest"): the `/upload` landing with a tile per served type, the
 * instrument readings uploads (upload and filter actions, the history) and one upload's page (progress, the per-row
 * report, Approve / Reject); SI boreholes (issue 18); MC excavation activity and mined tunnel activity (issue 19,
 * decision 038: the upload opens on its type's page, `?upload=<id>`, where an approver's notification leads too, so
 * Approve Upload opens them); QP(D) design values and instrument plans the same way (issue 19, schemas/design-values.ts;
 * the instrument plan's page shows the plan against reality too). `/upload/user-import` is the administration's bulk user upload, registered by that
 * feature (as files registers `/upload/map` and `/upload/document`).
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
  ...Object.values(CONSTRUCTION_UPLOADS).map((spec): AppRoute => ({
    path: `/upload/${spec.type}`,
    meta: {
      title: PAGES[spec.type].title,
      tasks: [...spec.uploadTasks, spec.historyTask, 'ApproveUpload'],
      back: true,
      actions: [
        { id: 'upload', title: 'uploadPages.action.upload', icon: UploadFile, color: 'primary', acl: spec.uploadTasks, default: true },
        { id: 'filter', title: 'uploadPages.action.filter', icon: FilterList, acl: [spec.historyTask], speedDial: true },
      ],
    },
    lazy: () =>
      import('./construction/construction-uploads-page').then((m) => ({
        Component: m[PAGES[spec.type].page],
      })),
  })),
];
