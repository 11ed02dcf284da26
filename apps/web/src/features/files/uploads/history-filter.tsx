import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange, isDateRangeOption, type DateRangeValue } from '../../../components/date-range';
import { SearchField } from '../../../components/search-field';
import { Section } from '../../../components/section';

export const HISTORY_KEYS = ['keyword', 'range', 'from', 'to'] as const;
export type HistoryValues = Record<(typeof HISTORY_KEYS)[number], string>;

export interface HistoryFilterProps<V extends HistoryValues> {
  title: string;
  values: V;
  set: (changes: Partial<V>) => void;
  /** The keys that count as a filter (Clear empties them). */
  keys: readonly (keyof V & string)[];
  keywordLabel: string;
  /** More fields beside the keyword (a contract choice). */
  children?: ReactNode;
}

/** The filter of an upload history (spec §2.12 "filter"): keyword and upload date range, kept in the URL. */
export function HistoryFilter<V extends HistoryValues>({ title, values, set, keys, keywordLabel, children }: HistoryFilterProps<V>) {
  const { t } = useTranslation();
  const range: DateRangeValue = {
    option: isDateRangeOption(values.range) ? values.range : 'none',
    start: values.from || null,
    end: values.to || null,
  };
  const filtered = keys.some((key) => values[key] !== '');
  return (
    <Section title={title}>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <SearchField label={keywordLabel} value={values.keyword} onSearch={(keyword) => set({ keyword } as Partial<V>)} />
          {children}
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
          <DateRange
            label={t('files.search.uploaded')}
            value={range}
            onChange={(next) => set({ range: next.option === 'none' ? '' : next.option, from: next.start ?? '', to: next.end ?? '' } as Partial<V>)}
          />
          <Box sx={{ flexGrow: 1 }} />
          {filtered && (
            <Button onClick={() => set(Object.fromEntries(keys.map((key) => [key, ''])) as Partial<V>)} sx={{ alignSelf: 'flex-start' }}>
              {t('files.search.clear')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Section>
  );
}
