import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type TBookmark } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialog, useToast } from '../../../components/feedback';
import { translateMessage } from '../../../lib/i18n';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { useBookmarks, useDeleteBookmark } from '../api/bookmarks';
import { CAPTURE_MAP_PATH, WORKSPACE_PATH } from '../paths';
import { withContractParam } from '../state/workspace-contract';
import type { SaveViewParams } from './save-view-dialog';

/** Bookmarks of work-space views (the work space and the capture map); other bookmarks are on the account Home page. */
export function isWorkspaceView(path: string): boolean {
  return path.startsWith(`${WORKSPACE_PATH}/`) || path === WORKSPACE_PATH || path.startsWith(CAPTURE_MAP_PATH);
}

export interface BookmarksMenuProps {
  /** The current view: path below the language prefix, with its query string. */
  path: string;
  /** The work space's contract choice (-1: all), saved with the view so that it opens on the same contracts. */
  contract: number;
  /** The name offered when saving (e.g. the instrument's name or "Work Space"). */
  suggestedName: string;
}

/**
 * The work space's bookmarks (spec §7 bookmarks; issue 7): save the current view (its query string) under a name, and
 * list, open or delete saved views.
 */
export function BookmarksMenu({ path, contract, suggestedName }: BookmarksMenuProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const confirm = useDialog();
  const toast = useToast();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const bookmarks = useBookmarks(anchor !== null);
  const remove = useDeleteBookmark();
  const views = (bookmarks.data ?? []).filter((b) => isWorkspaceView(b.path));

  const save = async () => {
    setAnchor(null);
    const saved = await confirm<TBookmark, SaveViewParams>({
      title: t('workspace.bookmarks.save'),
      positive: t('workspace.bookmarks.saveButton'),
      maxWidth: 420,
      content: () => import('./save-view-dialog'),
      params: { name: suggestedName, path: withContractParam(path, contract) },
    });
    if (saved && typeof saved === 'object') {
      await bookmarks.refetch();
      toast({ message: t('workspace.bookmarks.saved', { name: saved.name }), color: 'success' });
    }
  };

  const open = (bookmark: TBookmark) => {
    setAnchor(null);
    void navigate(localePath(lang, bookmark.path));
  };

  const del = async (bookmark: TBookmark) => {
    setAnchor(null);
    const ok = await confirm({
      title: t('workspace.bookmarks.deleteTitle'),
      prompt: t('workspace.bookmarks.deletePrompt', { name: bookmark.name }),
      positive: t('workspace.bookmarks.delete'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(bookmark.bookmark_id);
      toast({ message: t('workspace.bookmarks.deleted'), color: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? translateMessage(error.message) : t('messages.failedToFetch'), color: 'error' });
    }
  };

  return (
    <>
      <Tooltip title={t('workspace.bookmarks.title')}>
        <IconButton
          aria-label={t('workspace.bookmarks.title')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <BookmarksOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 360, maxHeight: 420 } } }}
      >
        <MenuItem onClick={() => void save()}>
          <ListItemIcon>
            <BookmarkAddOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('workspace.bookmarks.save')}</ListItemText>
        </MenuItem>
        <Divider />
        {bookmarks.isPending && (
          <MenuItem disabled>
            <ListItemText inset>{t('common.loading')}</ListItemText>
          </MenuItem>
        )}
        {bookmarks.isError && (
          <MenuItem onClick={() => void bookmarks.refetch()}>
            <ListItemText inset primary={t('workspace.bookmarks.loadFailed')} secondary={t('common.retry')} />
          </MenuItem>
        )}
        {bookmarks.isSuccess && views.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('workspace.bookmarks.empty')}
          </Typography>
        )}
        {views.map((bookmark) => (
          <MenuItem key={bookmark.bookmark_id} onClick={() => open(bookmark)} sx={{ pr: 6, position: 'relative' }}>
            <ListItemText inset primary={bookmark.name} secondary={formatDateTime(bookmark.created)} slotProps={{ primary: { noWrap: true } }} />
            <IconButton
              size="small"
              edge="end"
              aria-label={t('workspace.bookmarks.deleteNamed', { name: bookmark.name })}
              onClick={(event) => {
                event.stopPropagation();
                void del(bookmark);
              }}
              sx={{ position: 'absolute', right: 8 }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
