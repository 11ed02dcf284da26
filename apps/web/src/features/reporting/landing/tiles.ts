import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LandslideOutlined from '@mui/icons-material/LandslideOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import type { LandingTile } from '../../../components/landing-tiles';
import { REPORTING_PATHS } from '../paths';

/**
 * `/reporting` (spec §2.7): Monitoring Report Generation and Summary of Monitoring Work Done; then (issue 21) Custom
 * Report Templates, Scheduled Reports and the protection setting, each shown to those whose permissions open it.
 */
export const REPORTING_TILES: readonly LandingTile[] = [
  { path: REPORTING_PATHS.monitoring, title: 'reporting.tile.monitoring', description: 'reporting.tile.monitoringText', icon: AssessmentOutlined },
  {
    path: REPORTING_PATHS.summaryWorkDone,
    title: 'reporting.tile.summaryWorkDone',
    description: 'reporting.tile.summaryWorkDoneText',
    icon: EngineeringOutlined,
  },
  { path: REPORTING_PATHS.customTemplates, title: 'customReports.tile.templates', description: 'customReports.tile.templatesText', icon: TuneOutlined },
  { path: REPORTING_PATHS.schedules, title: 'customReports.tile.schedules', description: 'customReports.tile.schedulesText', icon: EventRepeatOutlined },
  { path: REPORTING_PATHS.reportSettings, title: 'customReports.tile.settings', description: 'customReports.tile.settingsText', icon: GppGoodOutlined },
];

/** Monitoring Report Generation: a tile per report category of this session. */
export const MONITORING_TILES: readonly LandingTile[] = [
  { path: REPORTING_PATHS.geotechnical, title: 'reporting.tile.geotechnical', description: 'reporting.tile.geotechnicalText', icon: LandslideOutlined },
  { path: REPORTING_PATHS.imr, title: 'reporting.tile.imr', description: 'reporting.tile.imrText', icon: TableChartOutlined },
  { path: REPORTING_PATHS.imc, title: 'reporting.tile.imc', description: 'reporting.tile.imcText', icon: FactCheckOutlined },
  {
    path: REPORTING_PATHS.installationStatus,
    title: 'reporting.tile.installationStatus',
    description: 'reporting.tile.installationStatusText',
    icon: PlaylistAddCheckOutlined,
  },
];
