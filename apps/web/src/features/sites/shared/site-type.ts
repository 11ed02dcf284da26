import { hasAnyPermission, type PermissionCode, type SiteType } from '@strata/shared';
import type { TranslationKey } from '../../../lib/i18n';

/** "E · Excavation" / "MT · Mined tunnel". */
export const SITE_TYPE_KEYS: Record<SiteType, TranslationKey> = { E: 'sites.type.E', MT: 'sites.type.MT' };

/** The tasks that may change a site's stages, design values and drawings, by site type (decision 008). */
export const ACTIVITY_TASKS: Record<SiteType, PermissionCode[]> = {
  E: ['ManageConstructionSites', 'ManageExcavationActivities'],
  MT: ['ManageConstructionSites', 'ManageMinedTunnelActivities'],
};

/** Any of the three site tasks: the Construction Sites pages and the drawing history. */
export const SITE_TASKS: PermissionCode[] = ['ManageConstructionSites', 'ManageExcavationActivities', 'ManageMinedTunnelActivities'];

export function isSiteType(value: string): value is SiteType {
  return value === 'E' || value === 'MT';
}

/** Whether permissions allow changing the activity fields and drawings of a site of `type`. */
export function canChangeActivity(permissions: readonly string[], type: SiteType): boolean {
  return hasAnyPermission(permissions, ACTIVITY_TASKS[type]);
}
