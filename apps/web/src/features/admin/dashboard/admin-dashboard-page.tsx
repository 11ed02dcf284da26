import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasAnyPermission, type PermissionCode } from '@strata/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/auth-store';
import type { TranslationKey } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { AppLink } from '../../../components/app-link';
import { Section } from '../../../components/section';
import { usePagePath } from '../../../lib/page-nav';
import { useCount } from './api';

interface CardDef {
  to: string;
  title: TranslationKey;
  text: TranslationKey;
  icon: ComponentType<{ fontSize?: 'large' }>;
  task: PermissionCode;
  count: ReturnType<typeof useCount>;
}

function CountCard({ card }: { card: CardDef }) {
  const { t } = useTranslation();
  const path = usePagePath();
  const Icon = card.icon;
  const { data, error } = card.count;
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={path(card.to)} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ color: 'error.main', display: 'flex' }}>
              <Icon fontSize="large" />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {t(card.title)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(card.text)}
              </Typography>
            </Box>
          </Stack>
          <Typography variant="h4" component="p" sx={{ mt: 2 }} aria-live="polite">
            {data !== undefined ? data.toLocaleString('en') : error ? '—' : <Skeleton width={80} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data !== undefined ? t('admin.dashboard.count', { count: data }) : '\u00a0'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const MORE: { to: string; title: TranslationKey; tasks: PermissionCode[] }[] = [
  { to: '/admin/users/approve', title: 'admin.dashboard.approval', tasks: ['ApproveUserUpload', 'BulkUserUpload'] },
  { to: '/contracts/contractors', title: 'admin.dashboard.contractors', tasks: ['SearchContractors'] },
  { to: '/admin/generate-report', title: 'admin.dashboard.reports', tasks: ['GenerateUserReport', 'DownloadUserReport', 'ManageRoles'] },
  { to: '/admin/generate-uploaded-files', title: 'admin.dashboard.exports', tasks: ['ViewAuditLogs'] },
  { to: '/admin/system/logs', title: 'admin.dashboard.systemLogs', tasks: ['ViewAuditLogs'] },
  { to: '/admin/system/status', title: 'admin.dashboard.systemStatus', tasks: ['ViewAuditLogs', 'ManageSystemSettings'] },
  { to: '/admin/announcement', title: 'admin.dashboard.announcement', tasks: ['ManageSystemSettings'] },
  { to: '/master-data/schedules', title: 'admin.dashboard.schedules', tasks: ['ManageSchedules'] },
  { to: '/master-data/pipelines', title: 'admin.dashboard.pipelines', tasks: ['ManageSchedules', 'ViewAuditLogs'] },
];

/** `/admin` Users and Roles: cards User Management, Role Management and Audit Logs with live counts. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const permissions = useSession((state) => state.permissions);
  const canUsers = useCan('SearchUsers');
  const canRoles = useCan('ManageRoles');
  const canAudit = useCan('ViewAuditLogs');
  const cards: CardDef[] = [
    {
      to: '/admin/users',
      title: 'admin.dashboard.users',
      text: 'admin.dashboard.usersText',
      icon: PeopleOutlined,
      task: 'SearchUsers',
      count: useCount('/admin/users', canUsers),
    },
    {
      to: '/admin/roles',
      title: 'admin.dashboard.roles',
      text: 'admin.dashboard.rolesText',
      icon: SecurityOutlined,
      task: 'ManageRoles',
      count: useCount('/roles', canRoles),
    },
    {
      to: '/admin/auditlog',
      title: 'admin.dashboard.audit',
      text: 'admin.dashboard.auditText',
      icon: HistoryOutlined,
      task: 'ViewAuditLogs',
      count: useCount('/audit-logs', canAudit),
    },
  ];
  const more = MORE.filter((link) => hasAnyPermission(permissions, link.tasks));
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('admin.dashboard.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        {cards
          .filter((card) => hasAnyPermission(permissions, [card.task]))
          .map((card) => (
            <CountCard key={card.to} card={card} />
          ))}
      </Box>
      {more.length > 0 && (
        <Section title={t('admin.dashboard.more')} sx={{ maxWidth: 640 }}>
          <List dense disablePadding>
            {more.map((link) => (
              <ListItem key={link.to} disableGutters>
                <AppLink to={link.to}>{t(link.title)}</AppLink>
              </ListItem>
            ))}
          </List>
        </Section>
      )}
    </Stack>
  );
}
