import ApprovalOutlined from '@mui/icons-material/ApprovalOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import type { LandingTile } from '../../../components/landing-tiles';
import { REPORTING_PATHS } from '../paths';

/**
 * `/reporting/full-monitoring` (spec §2.7): Template Management, Generate Report, Published Report, Instrument
 * Installation Status; then the list and approval pages (ours: the pages of §2.7 a tile leads to, each shown to
 * those who may open it).
 */
export const FULL_MONITORING_TILES: readonly LandingTile[] = [
  {
    path: REPORTING_PATHS.templateManager,
    title: 'fullMonitoring.tile.templates',
    description: 'fullMonitoring.tile.templatesText',
    icon: DescriptionOutlined,
  },
  {
    path: REPORTING_PATHS.fullMonitoringGenerate,
    title: 'fullMonitoring.tile.generate',
    description: 'fullMonitoring.tile.generateText',
    icon: PostAddOutlined,
  },
  {
    path: REPORTING_PATHS.fullMonitoringPublished,
    title: 'fullMonitoring.tile.published',
    description: 'fullMonitoring.tile.publishedText',
    icon: VerifiedOutlined,
  },
  {
    path: REPORTING_PATHS.installationStatus,
    title: 'fullMonitoring.tile.installationStatus',
    description: 'fullMonitoring.tile.installationStatusText',
    icon: PlaylistAddCheckOutlined,
  },
  { path: REPORTING_PATHS.fullMonitoringList, title: 'fullMonitoring.tile.list', description: 'fullMonitoring.tile.listText', icon: ListAlt },
  {
    path: REPORTING_PATHS.fullMonitoringApproval,
    title: 'fullMonitoring.tile.approval',
    description: 'fullMonitoring.tile.approvalText',
    icon: ApprovalOutlined,
  },
];
