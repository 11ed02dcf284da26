import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractOptions } from '../../../lib/contract-options';
import { useZoneOptions } from '../api/options';
import type { InstrumentFilter } from '../api/instruments';
import { useInstrumentTypes } from '../api/types';
import { idOrUndefined } from '../../../lib/page-nav';
import { isInstrumentStatus, STATUS_KEYS, STATUS_OPTIONS } from '../shared/labels';
import { SearchField } from '../../../components/search-field';
import { useUrlFilters } from '../../../components/data-table';

export const FILTER_KEYS = ['q', 'contract', 'type', 'zone', 'status'] as const;
export type FilterValues = Record<(typeof FILTER_KEYS)[number], string>;

export function useInstrumentFilters() {
  return useUrlFilters(FILTER_KEYS);
}

/** The filters of the URL, as `GET /instruments` takes them (unknown values are left out). */
export function filterQuery(values: FilterValues): InstrumentFilter {
  return {
    keyword: values.q || undefined,
    contract_id: idOrUndefined(values.contract),
    type: /^[A-Z0-9_-]{1,20}$/.test(values.type) ? values.type : undefined,
    zone_id: idOrUndefined(values.zone),
    status: isInstrumentStatus(values.status) ? values.status : undefined,
  };
}

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      {children}
    </TextField>
  );
}

/**
 * Keyword (name or LTA code; Enter searches), contract, type, zone and status. Zones are those of the chosen
 * contract (each with its contract when none is chosen); choosing another contract clears the zone.
 */
export function InstrumentFilters({ values, set }: { values: FilterValues; set: (changes: Partial<FilterValues>) => void }) {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  const types = useInstrumentTypes();
  const contractId = idOrUndefined(values.contract);
  const zones = useZoneOptions(contractId);
  const contractNo = new Map((contracts.data ?? []).map((c) => [c.contract_id, c.no]));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(260px, 2fr) repeat(4, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <SearchField label={t('instruments.list.search')} placeholder={t('instruments.list.searchPlaceholder')} value={values.q} onSearch={(q) => set({ q })} />
      <FilterSelect label={t('instruments.field.contract')} value={contracts.data ? values.contract : ''} onChange={(contract) => set({ contract, zone: '' })}>
        <MenuItem value="">{t('instruments.list.anyContract')}</MenuItem>
        {(contracts.data ?? []).map((c) => (
          <MenuItem key={c.contract_id} value={String(c.contract_id)}>
            {c.no}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('instruments.field.type')} value={types.data ? values.type : ''} onChange={(type) => set({ type })}>
        <MenuItem value="">{t('instruments.list.anyType')}</MenuItem>
        {(types.data ?? []).map((type) => (
          <MenuItem key={type.type_id} value={type.code}>
            {type.name} ({type.code})
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('instruments.field.zone')} value={zones.data ? values.zone : ''} onChange={(zone) => set({ zone })}>
        <MenuItem value="">{t('instruments.list.anyZone')}</MenuItem>
        {(zones.data ?? []).map((zone) => (
          <MenuItem key={zone.zone_id} value={String(zone.zone_id)}>
            {contractId ? zone.name : `${zone.name} (${contractNo.get(zone.contract_id) ?? zone.contract_id})`}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('instruments.field.status')} value={values.status} onChange={(status) => set({ status })}>
        <MenuItem value="">{t('instruments.list.anyStatus')}</MenuItem>
        {STATUS_OPTIONS.map((status) => (
          <MenuItem key={status} value={status}>
            {t(STATUS_KEYS[status])}
          </MenuItem>
        ))}
      </FilterSelect>
    </Box>
  );
}
