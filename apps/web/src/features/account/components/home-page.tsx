import Bookmark from '@mui/icons-material/Bookmark';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import History from '@mui/icons-material/History';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIMEZONE, type TBookmark } from '@strata/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useNavigate, useSearchParams } from 'react-router';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { useConfig } from '../../../lib/config';
import { translateMessage, translateServerMessage } from '../../../lib/i18n';
import { isLanguage, localePath, stripLanguage } from '../../../lib/paths';
import { registeredRoutes } from '../../../lib/route-registry';
import { useLang } from '../../../lib/use-lang';
import { useBookmarks } from '../api/get-bookmarks';
import { useNotifications } from '../api/get-notifications';
import { useRecents } from '../api/get-recents';
import { useDeleteBookmark } from '../api/delete-bookmark';
import type { BookmarkDialogParams } from './bookmark-dialog';
import { SeverityChip } from './notification-bits';
import { useOpenNotification } from './notifications-page';

const TABS = ['recents', 'favorites', 'priority'] as const;
type HomeTab = (typeof TABS)[number];

function isHomeTab(value: string | null): value is HomeTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** The title of the page a path opens (its route title), or null when no page matches. */
function usePageTitle() {
  const { t } = useTranslation();
  return (path: string) => {
    const pathname = stripLanguage(path).split(/[?#]/)[0] ?? '';
    const route = registeredRoutes().find((r) => r.meta && matchPath({ path: r.path, end: true }, pathname));
    return route?.meta ? t(route.meta.title) : null;
  };
}

/** A page no route names: its path without the language, the query (list state, often encoded JSON) left out. */
function readablePath(path: string): string {
  const pathname = stripLanguage(path).split(/[?#]/)[0] ?? path;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** A stored path opens in the current language unless it names one. */
function appHref(path: string, lang: ReturnType<typeof useLang>): string {
  const first = path.split(/[/?#]/)[1];
  return isLanguage(first) ? path : localePath(lang, path);
}

interface TabStateProps {
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  count: number;
  empty: string;
  children: ReactNode;
}

/** Loading, failure and emptiness of a tab, the same way for the three. */
function TabState({ pending, failed, onRetry, count, empty, children }: TabStateProps) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <AppAlert
        type="error"
        message={t('messages.failedToFetch')}
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (pending) return <LinearProgress aria-label={t('common.loading')} sx={{ m: 2 }} />;
  if (count === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  return <>{children}</>;
}

/** The props of TabState for one query. */
function stateOf(query: UseQueryResult<readonly unknown[]>) {
  return {
    pending: query.isPending,
    failed: query.isError,
    onRetry: () => void query.refetch(),
    count: query.data?.length ?? 0,
  };
}

function Recents() {
  const { t } = useTranslation();
  const lang = useLang();
  const titleOf = usePageTitle();
  const { data: config } = useConfig();
  const recents = useRecents();
  return (
    <TabState {...stateOf(recents)} empty={t('home.noRecents')}>
      <List aria-label={t('home.recents')}>
        {(recents.data ?? []).map((page) => (
          <ListItem key={page.url} disablePadding>
            <ListItemButton component={Link} to={appHref(page.url, lang)}>
              <ListItemIcon>
                <History />
              </ListItemIcon>
              <ListItemText
                primary={titleOf(page.url) ?? readablePath(page.url)}
                secondary={<RelativeTime value={page.visited_at} timezone={config?.timezone} />}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </TabState>
  );
}

function Favorites() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const confirm = useDialog();
  const toast = useToast();
  const bookmarks = useBookmarks();
  const remove = useDeleteBookmark();

  const rename = async (bookmark: TBookmark) => {
    const saved = await confirm<TBookmark, BookmarkDialogParams>({
      title: t('bookmark.renameTitle'),
      content: () => import('./bookmark-dialog'),
      params: { name: bookmark.name, path: bookmark.path, bookmark },
      positive: t('bookmark.save'),
      maxWidth: 440,
    });
    if (typeof saved === 'object') {
      await bookmarks.refetch();
      toast({ message: t('bookmark.renamed'), color: 'success' });
    }
  };

  const del = async (bookmark: TBookmark) => {
    const yes = await confirm({
      title: t('bookmark.deleteTitle'),
      prompt: t('bookmark.confirmDelete', { name: bookmark.name }),
      positive: t('bookmark.delete'),
    });
    if (yes !== true) return;
    remove.mutate(bookmark.bookmark_id, {
      onSuccess: () => toast({ message: t('bookmark.deleted', { name: bookmark.name }), color: 'success' }),
      onError: (error) => toast({ message: translateMessage(error.message), color: 'error' }),
    });
  };

  return (
    <TabState {...stateOf(bookmarks)} empty={t('home.noFavorites')}>
      <List aria-label={t('home.favorites')}>
        {(bookmarks.data ?? []).map((bookmark) => (
          <ListItem
            key={bookmark.bookmark_id}
            disablePadding
            secondaryAction={
              <Stack direction="row">
                <Tooltip title={t('bookmark.rename')}>
                  <IconButton aria-label={`${t('bookmark.rename')}: ${bookmark.name}`} onClick={() => void rename(bookmark)}>
                    <DriveFileRenameOutline />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('bookmark.delete')}>
                  <IconButton edge="end" aria-label={`${t('bookmark.delete')}: ${bookmark.name}`} onClick={() => void del(bookmark)}>
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
            }
          >
            <ListItemButton onClick={() => void navigate(appHref(bookmark.path, lang))} sx={{ pr: 14 }}>
              <ListItemIcon>
                <Bookmark color="primary" />
              </ListItemIcon>
              <ListItemText primary={bookmark.name} secondary={bookmark.path} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </TabState>
  );
}

const PRIORITY_LIMIT = 50;

/** Unread notifications of severity 3 and 4 (the API filters one severity at a time), newest first. */
function usePriorityNotifications() {
  const high = useNotifications({ limit: PRIORITY_LIMIT, skip: 0, read: false, severity: 3 });
  const critical = useNotifications({ limit: PRIORITY_LIMIT, skip: 0, read: false, severity: 4 });
  const records = high.data && critical.data ? [...critical.data.records, ...high.data.records].sort((a, b) => b.created.localeCompare(a.created)) : [];
  return {
    records,
    state: {
      pending: high.isPending || critical.isPending,
      failed: high.isError || critical.isError,
      onRetry: () => {
        void high.refetch();
        void critical.refetch();
      },
      count: records.length,
    },
  };
}

function Priority() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const open = useOpenNotification();
  const priority = usePriorityNotifications();
  return (
    <TabState {...priority.state} empty={t('home.noPriority')}>
      <List aria-label={t('home.priority')}>
        {priority.records.map((notification) => (
          <ListItem key={notification.notification_id} disablePadding>
            <ListItemButton onClick={() => void open(notification)}>
              <ListItemIcon>
                <PriorityHigh color="error" />
              </ListItemIcon>
              <ListItemText
                primary={translateServerMessage(notification, config?.timezone ?? DEFAULT_TIMEZONE)}
                secondary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                    <SeverityChip severity={notification.severity} />
                    <RelativeTime value={notification.created} timezone={config?.timezone} />
                  </Box>
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </TabState>
  );
}

/** `/account/home`: tabs Recents (pages opened lately), Favorites (bookmarks) and Priority (unread, severity ≥ 3). */
export function HomePage() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: HomeTab = isHomeTab(requested) ? requested : 'recents';
  const labels: Record<HomeTab, string> = {
    recents: t('home.recents'),
    favorites: t('home.favorites'),
    priority: t('home.priority'),
  };
  return (
    <Paper variant="outlined" sx={{ maxWidth: 960 }}>
      <Tabs
        value={tab}
        onChange={(_event, next: HomeTab) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('tab', next);
              return updated;
            },
            { replace: true },
          )
        }
        variant="fullWidth"
        aria-label={t('route.home')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={labels[value]} id={`${id}-${value}`} aria-controls={`${id}-${value}-panel`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'recents' && <Recents />}
        {tab === 'favorites' && <Favorites />}
        {tab === 'priority' && <Priority />}
      </Box>
    </Paper>
  );
}
