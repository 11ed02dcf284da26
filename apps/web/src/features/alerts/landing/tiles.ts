import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import ShowChart from '@mui/icons-material/ShowChart';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import WavesOutlined from '@mui/icons-material/WavesOutlined';
import type { AlertTileKey } from '@strata/shared';
import type { LandingTile } from '../../../components/landing-tiles';
import { ACTION_LOG_PATH, BREACHED_PATH, INSTRUMENT_ALERTS_PATH, MISSING_READINGS_PATH, monitoringAlertsPath, SCENARIO_ALERTS_PATH } from '../paths';

export interface AlertTile extends LandingTile {
  /** The tile of `GET /alerts/summary` whose open count it shows. */
  key: AlertTileKey;
}

/** The View Data Alerts tiles (spec §2.6), in the spec's order; each shown when its page is registered and open to the user. */
export const ALERT_LANDING_TILES: readonly AlertTile[] = [
  { key: 'breached', path: BREACHED_PATH, title: 'alerts.tile.breached', description: 'alerts.tile.breachedText', icon: ReportProblemOutlined },
  {
    key: 'spike',
    path: INSTRUMENT_ALERTS_PATH,
    to: `${INSTRUMENT_ALERTS_PATH}?tab=0`,
    title: 'alerts.tile.spike',
    description: 'alerts.tile.spikeText',
    icon: ShowChart,
  },
  {
    key: 'rebaseline',
    path: INSTRUMENT_ALERTS_PATH,
    to: `${INSTRUMENT_ALERTS_PATH}?tab=1`,
    title: 'alerts.tile.rebaseline',
    description: 'alerts.tile.rebaselineText',
    icon: RestartAlt,
  },
  {
    key: 'fluctuated',
    path: INSTRUMENT_ALERTS_PATH,
    to: `${INSTRUMENT_ALERTS_PATH}?tab=2`,
    title: 'alerts.tile.fluctuated',
    description: 'alerts.tile.fluctuatedText',
    icon: WavesOutlined,
  },
  {
    key: 'stagnant',
    path: INSTRUMENT_ALERTS_PATH,
    to: `${INSTRUMENT_ALERTS_PATH}?tab=3`,
    title: 'alerts.tile.stagnant',
    description: 'alerts.tile.stagnantText',
    icon: TrendingFlat,
  },
  { key: 'user', path: monitoringAlertsPath('user'), title: 'alerts.tile.user', description: 'alerts.tile.userText', icon: PersonOutlined },
  { key: 'missing', path: MISSING_READINGS_PATH, title: 'alerts.tile.missing', description: 'alerts.tile.missingText', icon: HourglassEmptyOutlined },
  { key: 'scenario', path: SCENARIO_ALERTS_PATH, title: 'alerts.tile.scenario', description: 'alerts.tile.scenarioText', icon: AccountTreeOutlined },
  { key: 'cases', path: ACTION_LOG_PATH, title: 'alerts.tile.cases', description: 'alerts.tile.casesText', icon: AssignmentOutlined },
];
