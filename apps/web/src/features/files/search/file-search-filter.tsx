import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FILE_TYPES, PHOTO_TYPES, DOCUMENT_TYPES, type TContract, type TFileType } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DateRange, isDateRangeOption, type DateRangeValue } from '../../../components/date-range';
import { TypeFilter } from '../../../components/record-files';
import { SearchField } from '../../../components/search-field';
import { Section } from '../../../components/section';
import { ContractFilterField } from '../components/contract-filter-field';

/** The search's state in the query string. */
export const SEARCH_KEYS = ['keyword', 'kind', 'types', 'range', 'from', 'to', 'contract', 'area'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
export type SearchValues = Record<SearchKey, string>;

export function typesOfKind(kind: string): readonly TFileType[] {
  return kind === 'photo' ? PHOTO_TYPES : kind === 'document' ? DOCUMENT_TYPES : FILE_TYPES;
}

/** The chosen types that belong to the chosen kind. */
export function chosenTypes(values: Pick<SearchValues, 'kind' | 'types'>): TFileType[] {
  const allowed = typesOfKind(values.kind) as readonly string[];
  return values.types.split(',').filter((v): v is TFileType => allowed.includes(v));
}

export interface FileSearchFilterProps {
  values: SearchValues;
  set: (changes: Partial<SearchValues>) => void;
  contracts: readonly TContract[];
}

/** The filter of the map file search: keyword, photo or document, file types, contract, upload date, map area. */
export function FileSearchFilter({ values, set, contracts }: FileSearchFilterProps) {
  const { t } = useTranslation();
  const range: DateRangeValue = {
    option: isDateRangeOption(values.range) ? values.range : 'none',
    start: values.from || null,
    end: values.to || null,
  };
  const filtered = SEARCH_KEYS.some((key) => values[key] !== '');
  return (
    <Section title={t('files.search.filterTitle')}>
      <Stack spacing={2}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <SearchField label={t('files.search.keyword')} value={values.keyword} onSearch={(keyword) => set({ keyword })} />
          <TextField
            select
            size="small"
            label={t('files.search.kind')}
            value={values.kind}
            onChange={(event) => set({ kind: event.target.value, types: chosenTypes({ kind: event.target.value, types: values.types }).join(',') })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('files.search.allKinds')}</MenuItem>
            <MenuItem value="photo">{t('files.kinds.photo')}</MenuItem>
            <MenuItem value="document">{t('files.kinds.document')}</MenuItem>
          </TextField>
          <TypeFilter
            label={t('files.columns.type')}
            options={typesOfKind(values.kind).map((type) => ({ value: type, label: type.toUpperCase() }))}
            value={chosenTypes(values)}
            onChange={(types) => set({ types: types.join(',') })}
          />
          <ContractFilterField contracts={contracts} value={values.contract} onChange={(contract) => set({ contract })} />
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
          <DateRange
            label={t('files.search.uploaded')}
            value={range}
            onChange={(next) => set({ range: next.option === 'none' ? '' : next.option, from: next.start ?? '', to: next.end ?? '' })}
          />
          <FormControlLabel
            control={<Checkbox checked={values.area === '1'} onChange={(event) => set({ area: event.target.checked ? '1' : '' })} />}
            label={t('files.search.inView')}
          />
          <Box sx={{ flexGrow: 1 }} />
          {filtered && (
            <Button onClick={() => set(Object.fromEntries(SEARCH_KEYS.map((key) => [key, ''])) as SearchValues)} sx={{ alignSelf: 'flex-start' }}>
              {t('files.search.clear')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Section>
  );
}
