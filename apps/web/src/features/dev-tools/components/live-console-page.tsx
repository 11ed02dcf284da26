import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { useLive, type LiveStatus } from '../../../lib/live-connection';

const STATUS_COLOR: Record<LiveStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  idle: 'default',
  connecting: 'info',
  connected: 'info',
  authenticated: 'success',
  closed: 'warning',
  unauthorized: 'error',
};

/** `/test-ws`: the live connection's state and every message in and out, newest first (issue 3). */
export function LiveConsolePage() {
  const { t } = useTranslation();
  const status = useLive((s) => s.status);
  const unread = useLive((s) => s.unread);
  const log = useLive((s) => s.log);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1">
          {t('realtime.console')}
        </Typography>
        <Chip label={`${t('realtime.status')}: ${t(`realtime.statusValue.${status}`)}`} color={STATUS_COLOR[status]} data-testid="live-status" />
        <Chip label={t('realtime.bell', { count: unread })} variant="outlined" />
      </Stack>
      <Paper variant="outlined" sx={{ p: 1, maxHeight: '60vh', overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}>
        <Typography variant="subtitle2" component="h2" sx={{ px: 1 }}>
          {t('realtime.messages')}
        </Typography>
        {log.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            {t('realtime.noMessages')}
          </Typography>
        )}
        <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="live-log">
          {[...log].reverse().map((m, i) => (
            <li key={`${m.at}-${i}`} style={{ padding: '2px 8px', wordBreak: 'break-all' }}>
              <span style={{ opacity: 0.6 }}>{formatTime(m.at)} </span>
              <strong>{m.direction === 'in' ? '←' : m.direction === 'out' ? '→' : '•'}</strong> {m.text}
            </li>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
