import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TActionEntry } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { EmptyText } from '../../../components/query-states';
import { EntryFiles } from '../components/entry-files';

/** The follow-ups in the order things were done: when, who, what, and their files; each also says when it was written. */
export function CaseTimeline({ entries }: { entries: readonly TActionEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <EmptyText>{t('actionLog.detail.noEntries')}</EmptyText>;
  return (
    <Box component="ol" aria-label={t('actionLog.detail.timeline')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((e, i) => (
        <Box
          component="li"
          key={e.entry_id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === entries.length - 1 ? 0 : 2.5,
            // The timeline's line and dot.
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              bottom: i === entries.length - 1 ? 'auto' : -6,
              height: i === entries.length - 1 ? 0 : 'auto',
              borderLeft: 2,
              borderColor: 'divider',
            },
            '&::after': { content: '""', position: 'absolute', left: 0, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' },
          }}
        >
          <Stack spacing={0.75}>
            <Typography variant="subtitle2" component="h3">
              {t('actionLog.detail.entryHead', { date: formatDateTime(e.done_at), name: e.by || t('actionLog.detail.formerUser') })}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {e.action}
            </Typography>
            <EntryFiles files={e.files} />
            <Typography variant="caption" color="text.secondary">
              {t('actionLog.detail.written', { date: formatDateTime(e.created_at) })}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
