import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SubwayOutlined from '@mui/icons-material/SubwayOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { CONSTRUCTION_HISTORY_TASK, CONSTRUCTION_UPLOAD_TASKS, DESIGN_VALUE_TASKS, INSTRUMENT_PLAN_TASKS, type PermissionCode } from '@strata/shared';
import type { LandingTile } from '../../../components/landing-tiles';

/** The upload types served (spec §2.12), in the spec's order. The instrument import stays in the master data. */
export const UPLOAD_TILES: readonly LandingTile[] = [
  { path: '/upload/instrument', title: 'uploadPages.tile.instrument', description: 'uploadPages.tile.instrumentText', icon: SensorsOutlined },
  { path: '/upload/borehole', title: 'uploadPages.tile.borehole', description: 'uploadPages.tile.boreholeText', icon: LayersOutlined },
  { path: '/upload/excavation', title: 'uploadPages.tile.excavation', description: 'uploadPages.tile.excavationText', icon: ConstructionOutlined },
  { path: '/upload/tunnel', title: 'uploadPages.tile.tunnel', description: 'uploadPages.tile.tunnelText', icon: SubwayOutlined },
  { path: '/upload/qpd', title: 'uploadPages.tile.qpd', description: 'uploadPages.tile.qpdText', icon: DesignServicesOutlined },
  { path: '/upload/map', title: 'files.tile.map', description: 'files.tile.mapText', icon: MapOutlined },
  { path: '/upload/document', title: 'files.tile.document', description: 'files.tile.documentText', icon: DescriptionOutlined },
  {
    path: '/upload/user-import',
    to: '/upload/user-import?tab=upload',
    title: 'uploadPages.tile.userImport',
    description: 'uploadPages.tile.userImportText',
    icon: GroupAddOutlined,
  },
  {
    path: '/upload/instrument-plan',
    title: 'uploadPages.tile.instrumentPlan',
    description: 'uploadPages.tile.instrumentPlanText',
    icon: TableChartOutlined,
  },
];

/** Who may open the landing (and sees it in the menu): anyone holding a task of one of its tiles' pages. */
export const UPLOAD_LANDING_TASKS: readonly PermissionCode[] = [
  ...new Set<PermissionCode>([
    'UploadInstrumentationFiles',
    'ViewInstrumentationUploadHistory',
    'ApproveUpload',
    'UploadSIBoreholeFiles',
    'ViewSIBoreholeUploadHistory',
    ...Object.values(CONSTRUCTION_UPLOAD_TASKS.excavation).flat(),
    ...Object.values(CONSTRUCTION_UPLOAD_TASKS.tunnel).flat(),
    CONSTRUCTION_HISTORY_TASK,
    DESIGN_VALUE_TASKS.upload,
    DESIGN_VALUE_TASKS.history,
    INSTRUMENT_PLAN_TASKS.upload,
    INSTRUMENT_PLAN_TASKS.history,
    'BulkUserUpload',
    'ApproveUserUpload',
    'UploadDrawingtoBaseMap',
    'ManageMapLayers',
    'UploadOtherFiles',
    'DeleteOtherFiles',
  ]),
];
