import type { TConfig, TContract, TInstrument, TZoneRecord } from '@strata/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterOption } from '../list/filter-dialog';
import { NORMAL_LEVEL } from '../list/filter-instruments';
import type { FilterKey } from '../state/url-state';

export interface FilterOptionsInput {
  config: TConfig | undefined;
  instruments: readonly TInstrument[] | undefined;
  zones: readonly TZoneRecord[] | undefined;
  contracts: readonly TContract[];
  contractIds: readonly number[];
  /** Whether the status levels are known: without them the level filter offers nothing. */
  levelsKnown: boolean;
}

/**
 * The choices of the instrument list's filter: the configured types present among the instruments, the levels (with
 * "normal"), the zones (with their contract's number when several contracts are shown), frequencies and statuses.
 */
export function useFilterOptions({ config, instruments, zones, contracts, contractIds, levelsKnown }: FilterOptionsInput): Record<FilterKey, FilterOption[]> {
  const { t } = useTranslation();
  return useMemo((): Record<FilterKey, FilterOption[]> => {
    const c = config;
    const typesPresent = new Set((instruments ?? []).map((i) => i.type_code));
    return {
      type: (c?.instruments ?? []).filter((ty) => typesPresent.size === 0 || typesPresent.has(ty.code)).map((ty) => ({ value: ty.code, label: ty.name })),
      level: levelsKnown
        ? [
            { value: NORMAL_LEVEL, label: t('workspace.detail.normal') },
            ...(c?.thresholds ?? []).map((l) => ({ value: l.code, label: `${l.code} — ${l.name}` })),
          ]
        : [],
      zone: (zones ?? []).map((z) => ({
        value: z.zone_id,
        label: contractIds.length > 1 ? `${z.name} (${contracts.find((k) => k.contract_id === z.contract_id)?.no ?? ''})` : z.name,
      })),
      frequency: (c?.frequencies ?? []).map((f) => ({ value: f.code, label: f.name })),
      status: (c?.statuses ?? []).map((s) => ({ value: s.code, label: s.name })),
    };
  }, [config, instruments, zones, contractIds.length, contracts, levelsKnown, t]);
}
