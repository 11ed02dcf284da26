import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_TIMEZONE, ZListNotificationsQuery, type TNotification } from '@strata/shared';
import { formatDate } from '../../../lib/display-time';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { usePageParams } from '../../../components/paginated-list';
import { RelativeTime } from '../../../components/relative-time';
import { useConfig } from '../../../lib/config';
import { translateMessage, translateServerMessage } from '../../../lib/i18n';
import { useRouteAction } from '../../../lib/route-actions';
import { useLang } from '../../../lib/use-lang';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { markNotificationRead, useMarkNotificationRead } from '../api/mark-notification-read';
import { isFiltered, notificationQuery, readFilter, writeFilter, type NotificationFilter } from '../notification-filter';
import { notificationTarget } from '../notification-link';
import { KNOWN_TYPES, SeverityChip, useSeverityLabel, useTypeLabel } from './notification-bits';
import type { NotificationFilterParams } from './notification-filter-dialog';

export const NOTIFICATIONS_PAGE_SIZE = 25;

/** Opening a notification: it is marked read, then its link is followed (in the app, or outside in a new tab). */
export function useOpenNotification() {
  const lang = useLang();
  const navigate = useNavigate();
  return async (notification: TNotification) => {
    if (!notification.read) await markNotificationRead(notification.notification_id).catch(() => undefined);
    const target = notificationTarget(notification.link_uri, lang);
    if (target?.kind === 'app') await navigate(target.href);
    else if (target?.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
  };
}

/** What the filter narrows to, as removable chips. */
function FilterChips({ filter, onChange }: { filter: NotificationFilter; onChange: (next: NotificationFilter) => void }) {
  const { t } = useTranslation();
  const severityLabel = useSeverityLabel();
  const typeLabel = useTypeLabel();
  const { data: config } = useConfig();
  const tz = config?.timezone ?? DEFAULT_TIMEZONE;
  const chips = [
    filter.keyword && { key: 'keyword', label: `“${filter.keyword}”`, clear: { keyword: '' } },
    filter.type && { key: 'type', label: `${t('notifications.filterType')}: ${typeLabel(filter.type)}`, clear: { type: '' } },
    filter.severity !== null && {
      key: 'severity',
      label: `${t('notifications.filterSeverity')}: ${severityLabel(filter.severity)}`,
      clear: { severity: null },
    },
    filter.read !== 'all' && {
      key: 'read',
      label: filter.read === 'unread' ? t('notifications.unread') : t('notifications.read'),
      clear: { read: 'all' as const },
    },
    filter.range !== 'none' && {
      key: 'range',
      label: `${filter.from ? formatDate(filter.from, tz) : '…'} – ${filter.to ? formatDate(filter.to, tz) : '…'}`,
      clear: { range: 'none' as const, from: null, to: null },
    },
  ].filter((chip) => chip !== false && chip !== '' && chip !== null);
  if (chips.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={t('notifications.activeFilter')} role="group">
      {chips.map((chip) => chip && <Chip key={chip.key} label={chip.label} size="small" onDelete={() => onChange({ ...filter, ...chip.clear })} />)}
    </Box>
  );
}

/**
 * `/account/notification`: the user's notifications, newest first, paged; search by keyword (Enter), the Filter
 * action (type, severity, read or unread, date range); open one (marked read, then its link), mark one read, mark
 * all read. The unread count of the profile follows every answer.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const { page, pageSize, setPage, setPageSize } = usePageParams(NOTIFICATIONS_PAGE_SIZE);
  const [search, setSearch] = useState(filter.keyword);
  const [searched, setSearched] = useState(filter.keyword);
  const { data: config } = useConfig();
  const list = useNotifications(notificationQuery(filter, page, pageSize));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const severityLabel = useSeverityLabel();
  const typeLabel = useTypeLabel();
  // On phones the time goes under the message, so the table fits the width.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  // The search box follows the URL (back button, a chip removed).
  if (filter.keyword !== searched) {
    setSearched(filter.keyword);
    setSearch(filter.keyword);
  }

  const applyFilter = (next: NotificationFilter) => setParams((current) => writeFilter(current, next));

  useRouteAction('filter', () => {
    void (async () => {
      const types = [...new Set([...KNOWN_TYPES, ...(list.data?.records.map((n) => n.type) ?? [])])];
      const next = await confirm<NotificationFilter, NotificationFilterParams>({
        title: t('notifications.filterTitle'),
        content: () => import('./notification-filter-dialog'),
        params: { filter, types, timezone: config?.timezone },
        positive: t('notifications.apply'),
        maxWidth: 480,
      });
      if (typeof next === 'object') applyFilter(next);
    })();
  });

  const records = list.data?.records ?? [];
  const unread = list.data?.unread ?? 0;
  const total = list.data?.total_records ?? 0;

  // A page that starts at or beyond the total (after marking, filtering) goes back to page 1 (spec §4).
  useEffect(() => {
    if (list.data && !list.isFetching && page > 1 && (page - 1) * pageSize >= total) setPage(1, { replace: true });
  }, [list.data, list.isFetching, page, pageSize, total, setPage]);

  const columns: DataTableColumn<TNotification>[] = [
    {
      id: 'message',
      label: t('notifications.message'),
      minWidth: phone ? 0 : 220,
      render: (row) => (
        <Stack spacing={0.75} sx={{ py: 0.5 }}>
          <Link
            component="button"
            type="button"
            underline="hover"
            color="inherit"
            onClick={() => void open(row)}
            sx={{ textAlign: 'left', font: 'inherit', fontWeight: row.read ? 400 : 700 }}
          >
            {translateServerMessage(row, config?.timezone ?? DEFAULT_TIMEZONE)}
          </Link>
          <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
            <SeverityChip severity={row.severity} />
            <Chip size="small" label={typeLabel(row.type)} />
            {!row.read && <Chip size="small" color="primary" label={t('notifications.unread')} />}
            {phone && (
              <Typography variant="body2" color="text.secondary" component="span">
                <RelativeTime value={row.created} timezone={config?.timezone} />
              </Typography>
            )}
          </Box>
        </Stack>
      ),
    },
    ...(phone
      ? []
      : [
          {
            id: 'created',
            label: t('notifications.received'),
            noWrap: true,
            render: (row: TNotification) => <RelativeTime value={row.created} timezone={config?.timezone} />,
          },
        ]),
    {
      id: 'actions',
      label: '',
      align: 'right',
      render: (row) =>
        !row.read && (
          <Tooltip title={t('notifications.markRead')}>
            <IconButton
              aria-label={`${t('notifications.markRead')}: ${severityLabel(row.severity)}, ${translateServerMessage(row, config?.timezone ?? DEFAULT_TIMEZONE)}`}
              onClick={() => markRead.mutate(row.notification_id)}
              disabled={markRead.isPending}
            >
              <MarkEmailRead />
            </IconButton>
          </Tooltip>
        ),
    },
  ];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          size="small"
          label={t('notifications.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            applyFilter({ ...filter, keyword: search });
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: ZListNotificationsQuery.shape.keyword.unwrap().maxLength, enterKeyHint: 'search' },
          }}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary" role="status">
          {t('notifications.unreadCount', { count: unread })}
        </Typography>
        <Button
          startIcon={<DoneAll />}
          variant="outlined"
          disabled={unread === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: () => toast({ message: t('notifications.allMarkedRead'), color: 'success' }),
              onError: (error) => toast({ message: translateMessage(error.message), color: 'error' }),
            })
          }
        >
          {t('notifications.markAllRead')}
        </Button>
      </Stack>
      <FilterChips filter={filter} onChange={applyFilter} />
      {markRead.error && <AppAlert type="error" message={translateMessage(markRead.error.message)} onClose={() => markRead.reset()} />}
      <DataTable
        label={t('route.notifications')}
        columns={columns}
        rows={records}
        total={total}
        page={page}
        pageSize={pageSize}
        onChange={(query) => (query.pageSize !== pageSize ? setPageSize(query.pageSize) : setPage(query.page))}
        getRowId={(row) => row.notification_id}
        loading={list.isFetching}
        error={list.isError && !list.data ? list.error : undefined}
        onRetry={() => void list.refetch()}
        emptyText={isFiltered(filter) ? t('notifications.noMatch') : t('notifications.empty')}
        timezone={config?.timezone}
      />
    </Stack>
  );
}
