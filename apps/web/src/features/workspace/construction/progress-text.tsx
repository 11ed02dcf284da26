import Box from '@mui/material/Box';
import type { TSiteProgressSummary, SiteType } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { formatDay, progressParts } from './format';

/**
 * A site's current progress in words (spec §2.2, issue 19): an excavation "level reached / final formation level
 * (mRL)" and its stage, a mined tunnel "chainage reached / drive end (m)" and its step, with the date; "No progress
 * yet" before the first progress row.
 */
export function ProgressText({ type, summary }: { type: SiteType; summary: TSiteProgressSummary }) {
  const { t } = useTranslation();
  if (summary.date === null) {
    return (
      <Box component="span" sx={{ display: 'block' }}>
        {t('construction.progress.none')}
      </Box>
    );
  }
  const { value, target } = progressParts(type, summary);
  const reached =
    type === 'E'
      ? summary.target === null
        ? t('construction.progress.levelOnly', { value })
        : t('construction.progress.level', { value, target })
      : summary.target === null
        ? t('construction.progress.chainageOnly', { value })
        : t('construction.progress.chainage', { value, target });
  const stage =
    summary.stage_no === null
      ? summary.target !== null
        ? t('construction.progress.complete')
        : null
      : t(type === 'E' ? 'construction.progress.stage' : 'construction.progress.step', { no: summary.stage_no, name: summary.stage_name ?? '' });
  return (
    <Box component="span" sx={{ display: 'block' }} data-testid="site-progress">
      {[reached, stage, t('construction.progress.asOf', { date: formatDay(summary.date) })].filter(Boolean).join(' · ')}
    </Box>
  );
}
