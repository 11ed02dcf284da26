import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { USER_STATUS } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { idOrUndefined } from '../../../lib/page-nav';
import { USER_STATUS_KEYS, USER_TYPE_OPTIONS, userTypeKey } from '../shared/labels';
import { useContractOptions } from '../../../lib/contract-options';
import { useContractorOptions, useRoleOptions } from '../shared/options-api';
import { SearchField } from '../../../components/search-field';
import { useUrlFilters } from '../../../components/data-table';
import type { UserListParams } from './api';

export const USER_FILTER_KEYS = ['q', 'type', 'role', 'status', 'contract', 'contractor'] as const;
export type UserFilterValues = Record<(typeof USER_FILTER_KEYS)[number], string>;

/** The user filters of the URL, as the API's query fields. */
export function userFilterQuery(values: UserFilterValues): Omit<UserListParams, 'limit' | 'skip'> {
  const type = /^[0-2]$/.test(values.type) ? Number(values.type) : undefined;
  return {
    keyword: values.q || undefined,
    user_type: type,
    role_id: idOrUndefined(values.role),
    status: (USER_STATUS as readonly string[]).includes(values.status) ? values.status : undefined,
    contract_id: idOrUndefined(values.contract),
    contractor_id: idOrUndefined(values.contractor),
  };
}

export function useUserFilters() {
  return useUrlFilters(USER_FILTER_KEYS);
}

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      {children}
    </TextField>
  );
}

/**
 * Search (Enter searches) and the filters of User Management: type, role, status, contract, contractor. Role and
 * contractor show when the user may list them. Each change searches at once; all of them live in the URL.
 */
export function UserFilters({ values, set }: { values: UserFilterValues; set: (changes: Partial<UserFilterValues>) => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const contractors = useContractorOptions();
  const contracts = useContractOptions();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(260px, 2fr) repeat(5, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <SearchField label={t('admin.users.search')} placeholder={t('admin.users.searchPlaceholder')} value={values.q} onSearch={(q) => set({ q })} />
      <FilterSelect label={t('admin.users.type')} value={values.type} onChange={(type) => set({ type })}>
        <MenuItem value="">{t('admin.users.anyType')}</MenuItem>
        {USER_TYPE_OPTIONS.map((type) => (
          <MenuItem key={type} value={String(type)}>
            {t(userTypeKey(type)!)}
          </MenuItem>
        ))}
      </FilterSelect>
      {roles.allowed && (
        <FilterSelect label={t('admin.users.role')} value={roles.data ? values.role : ''} onChange={(role) => set({ role })}>
          <MenuItem value="">{t('admin.users.anyRole')}</MenuItem>
          {roles.roles.map((role) => (
            <MenuItem key={role.role_id} value={String(role.role_id)}>
              {role.name}
            </MenuItem>
          ))}
        </FilterSelect>
      )}
      <FilterSelect label={t('admin.users.status')} value={values.status} onChange={(status) => set({ status })}>
        <MenuItem value="">{t('admin.users.anyStatus')}</MenuItem>
        {USER_STATUS.map((status) => (
          <MenuItem key={status} value={status}>
            {t(USER_STATUS_KEYS[status])}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('admin.users.contract')} value={contracts.data ? values.contract : ''} onChange={(contract) => set({ contract })}>
        <MenuItem value="">{t('admin.users.anyContract')}</MenuItem>
        {(contracts.data ?? []).map((contract) => (
          <MenuItem key={contract.contract_id} value={String(contract.contract_id)}>
            {contract.no}
          </MenuItem>
        ))}
      </FilterSelect>
      {contractors.allowed && (
        <FilterSelect label={t('admin.users.contractor')} value={contractors.data ? values.contractor : ''} onChange={(contractor) => set({ contractor })}>
          <MenuItem value="">{t('admin.users.anyContractor')}</MenuItem>
          {contractors.contractors.map((contractor) => (
            <MenuItem key={contractor.contractor_id} value={String(contractor.contractor_id)}>
              {contractor.name}
            </MenuItem>
          ))}
        </FilterSelect>
      )}
    </Box>
  );
}
