import { STRUCTURE_API_PATHS, STRUCTURE_PERMISSIONS, type PermissionCode, type TStructureKind } from '@strata/shared';

/** What differs between the two kinds: paths, permissions and the words used for them (i18n `structures.kind.*`). */
export interface KindInfo {
  kind: TStructureKind;
  /** The API path of its routes (`/critical-interfaces`, `/mining-works`). */
  api: string;
  /** The work-space page (list and map) and the base of each record's page. */
  workspace: string;
  /** The Civil menu's table. */
  civil: string;
  manage: PermissionCode;
  read: PermissionCode[];
  /** i18n key prefix: `structures.kind.criticalInterface` or `structures.kind.miningWorks`. */
  words: 'criticalInterface' | 'miningWorks';
}

export const KINDS: Record<TStructureKind, KindInfo> = {
  'critical-interface': {
    kind: 'critical-interface',
    api: STRUCTURE_API_PATHS['critical-interface'],
    workspace: '/dashboard/critical-interface',
    civil: '/civil/critical-interface',
    manage: STRUCTURE_PERMISSIONS['critical-interface'].manage,
    read: [STRUCTURE_PERMISSIONS['critical-interface'].manage, STRUCTURE_PERMISSIONS['critical-interface'].view],
    words: 'criticalInterface',
  },
  'mining-works': {
    kind: 'mining-works',
    api: STRUCTURE_API_PATHS['mining-works'],
    workspace: '/dashboard/mining-works',
    civil: '/civil/mining-works',
    manage: STRUCTURE_PERMISSIONS['mining-works'].manage,
    read: [STRUCTURE_PERMISSIONS['mining-works'].manage, STRUCTURE_PERMISSIONS['mining-works'].view],
    words: 'miningWorks',
  },
};

export const recordPath = (info: KindInfo, id: number) => `${info.workspace}/${id}`;
