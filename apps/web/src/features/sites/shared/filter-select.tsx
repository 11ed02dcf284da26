import MenuItem from '@mui/material/MenuItem';
import { SITE_TYPES } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { ContractFilter as AnyContractFilter, FilterSelect } from '../../../components/list-filters';
import { SITE_TYPE_KEYS } from './site-type';

export { FilterSelect };

/** "All contracts" and the caller's contracts. */
export function ContractFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return <AnyContractFilter label={t('sites.common.contract')} allLabel={t('sites.common.allContracts')} value={value} onChange={onChange} />;
}

/** "All types", E (excavation) and MT (mined tunnel). */
export function SiteTypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect label={t('sites.common.type')} value={value === 'E' || value === 'MT' ? value : ''} onChange={onChange}>
      <MenuItem value="">{t('sites.common.allTypes')}</MenuItem>
      {SITE_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {t(SITE_TYPE_KEYS[type])}
        </MenuItem>
      ))}
    </FilterSelect>
  );
}
