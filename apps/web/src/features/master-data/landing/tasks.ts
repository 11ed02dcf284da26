import type { PermissionCode } from '@strata/shared';

/**
 * Who may open the master data landing: anyone holding a task of one of its tiles' pages (the Admin group's master
 * data tasks, spec §6, and the Realtime Monitor's ViewAuditLogs). Which tiles show is decided per tile from the
 * registered route's own tasks (`visibleTiles`), so this list only opens the door and puts it in the menu.
 */
export const MASTER_DATA_TASKS: readonly PermissionCode[] = [
  'ManageInstruments',
  'ManageConstructionSites',
  'ManageExcavationActivities',
  'ManageMinedTunnelActivities',
  'ManageSystemSettings',
  'ManageMapLayers',
  'ManageDocumentation',
  'ManageRiskRatingSettings',
  'ManageSchedules',
  'ManageScenarios',
  'ManageZones',
  'ViewAuditLogs',
];
