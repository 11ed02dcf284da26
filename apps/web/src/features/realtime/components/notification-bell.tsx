import Notifications from '@mui/icons-material/Notifications';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLive } from '../../../lib/live-connection';
import { useLang } from '../../../lib/use-lang';
import { localePath } from '../../../lib/paths';

/**
 * The bell (spec §1, §4): the unread count, active red when at least one is unread; opens the notifications page.
 * The red count sits in a white ring and the bell takes the bar's own text colour, so both read on every bar colour
 * (the Administrative bar is red).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const lang = useLang();
  const unread = useLive((s) => s.unread);
  const label = t('realtime.bell', { count: unread });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} component={RouterLink} to={localePath(lang, '/account/notification')}>
        <Badge
          badgeContent={unread}
          color="error"
          max={99}
          data-testid="unread-count"
          sx={{ '& .MuiBadge-badge': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.common.white}` } }}
        >
          {unread > 0 ? <Notifications /> : <NotificationsNone />}
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
