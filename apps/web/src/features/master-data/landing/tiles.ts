import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import InterestsOutlined from '@mui/icons-material/InterestsOutlined';
import LandslideOutlined from '@mui/icons-material/LandslideOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import SubwayOutlined from '@mui/icons-material/SubwayOutlined';
import type { LandingTile } from '../../../components/landing-tiles';

/** The landing's tiles, in the spec's order (second spec §2.10). */
export const MASTER_DATA_TILES: readonly LandingTile[] = [
  { path: '/master-data/instrument', title: 'masterData.tile.instrument', description: 'masterData.tile.instrumentText', icon: SensorsOutlined },
  { path: '/master-data/construction/site', title: 'masterData.tile.sites', description: 'masterData.tile.sitesText', icon: ConstructionOutlined },
  { path: '/master-data/excavations', title: 'masterData.tile.excavations', description: 'masterData.tile.excavationsText', icon: LandslideOutlined },
  { path: '/master-data/mined-tunnel', title: 'masterData.tile.minedTunnel', description: 'masterData.tile.minedTunnelText', icon: SubwayOutlined },
  { path: '/master-data/icon', title: 'masterData.tile.icon', description: 'masterData.tile.iconText', icon: InterestsOutlined },
  { path: '/master-data/system-setting', title: 'masterData.tile.systemSettings', description: 'masterData.tile.systemSettingsText', icon: SettingsOutlined },
  { path: '/master-data/map-layers', title: 'masterData.tile.mapLayers', description: 'masterData.tile.mapLayersText', icon: LayersOutlined },
  { path: '/master-data/documentations', title: 'masterData.tile.manual', description: 'masterData.tile.manualText', icon: MenuBookOutlined },
  { path: '/master-data/risk-rating', title: 'masterData.tile.riskRating', description: 'masterData.tile.riskRatingText', icon: SpeedOutlined },
  { path: '/master-data/schedules', title: 'masterData.tile.schedules', description: 'masterData.tile.schedulesText', icon: ScheduleOutlined },
  { path: '/master-data/scenarios', title: 'masterData.tile.scenarios', description: 'masterData.tile.scenariosText', icon: NotificationsActiveOutlined },
  { path: '/master-data/zones', title: 'masterData.tile.zones', description: 'masterData.tile.zonesText', icon: MapOutlined },
  { path: '/master-data/pipelines', title: 'masterData.tile.pipelines', description: 'masterData.tile.pipelinesText', icon: MonitorHeartOutlined },
];
