import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { UPLOAD_STATUSES, type TUploadStatus } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useContractList } from '../../../lib/active-contracts';
import { idOrUndefined } from '../../../lib/page-nav';

/** The history filters every upload page keeps in its URL. */
export const UPLOAD_FILTER_KEYS = ['status', 'contract'] as const;
export type UploadFilterValues = Record<(typeof UPLOAD_FILTER_KEYS)[number], string>;

/** The history query of the filters' values (an unknown status or contract id in the URL is ignored). */
export function uploadFilterQuery(values: UploadFilterValues): { status?: TUploadStatus; contract?: number } {
  const status = (UPLOAD_STATUSES as readonly string[]).includes(values.status) ? (values.status as TUploadStatus) : undefined;
  return { status, contract: idOrUndefined(values.contract) };
}

/** True when a filter is set. */
export const uploadFiltered = (values: UploadFilterValues) => values.status !== '' || values.contract !== '';

/** An upload history's filters (in the URL): status and contract, each applied at once, and Clear. */
export function UploadFilters({ values, set }: { values: UploadFilterValues; set: (changes: Partial<UploadFilterValues>) => void }) {
  const { t } = useTranslation();
  const { contracts } = useContractList();
  return (
    <Box
      role="search"
      aria-label={t('uploadPages.history.filters')}
      sx={{ display: 'grid', gap: 1.5, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr)) auto', md: '240px 240px auto' } }}
    >
      <TextField
        select
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        label={t('uploadPages.history.status')}
        value={values.status}
        onChange={(event) => set({ status: event.target.value })}
      >
        <MenuItem value="">{t('uploadPages.history.anyStatus')}</MenuItem>
        {UPLOAD_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`uploadPages.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        label={t('uploadPages.history.contract')}
        value={values.contract}
        onChange={(event) => set({ contract: event.target.value })}
      >
        <MenuItem value="">{t('uploadPages.history.anyContract')}</MenuItem>
        {contracts.map((contract) => (
          <MenuItem key={contract.contract_id} value={String(contract.contract_id)}>
            {contract.no}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button onClick={() => set({ status: '', contract: '' })} disabled={!uploadFiltered(values)}>
          {t('uploadPages.history.clear')}
        </Button>
      </Box>
    </Box>
  );
}
