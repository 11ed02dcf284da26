import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InstrumentTypesTab } from '../types/types-tab';
import { InstrumentsTab } from './instruments-tab';

export type ManagementTab = 'instruments' | 'types';

/** The tab of Instrument Management lives in the query string: `?tab=types`; no tab is Instruments. */
export function tabOf(params: URLSearchParams): ManagementTab {
  return params.get('tab') === 'types' ? 'types' : 'instruments';
}

/**
 * `/master-data/instrument` Instrument Management (ManageInstruments): tab Instruments (filters, server-paged
 * table; add, import, export of instruments and thresholds) and tab Instrument Types (`?tab=types`).
 */
export function InstrumentManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const id = useId();
  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: ManagementTab) => setParams(next === 'types' ? { tab: 'types' } : {})}
          aria-label={t('instruments.route.management')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          <Tab value="instruments" label={t('instruments.tab.instruments')} id={`${id}-instruments`} aria-controls={`${id}-panel`} />
          <Tab value="types" label={t('instruments.tab.types')} id={`${id}-types`} aria-controls={`${id}-panel`} />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'instruments' ? <InstrumentsTab /> : <InstrumentTypesTab />}
      </Box>
    </Stack>
  );
}
