import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@strata/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAvatar } from '../text-avatar';
import { groupItems, type GroupBy } from './group-items';
import { usePageParams } from './use-page-params';

/** An item of the list (spec §3): the avatar is a picture URL; without one the title's initials show. */
export interface PaginatedListItem {
  id: string | number;
  title: string;
  subtitle?: string | null;
  avatar?: string | null;
}

/** The spec's list data: one page of items and the total. */
export interface PaginatedListData<Item extends PaginatedListItem = PaginatedListItem> {
  total: number;
  page: number;
  /** Default 20. */
  pageSize: number;
  items: Item[];
}

export interface PaginatedListProps<Item extends PaginatedListItem> {
  /** The items of the page the URL names (read it with `usePageParams()` to fetch them). */
  items: readonly Item[];
  total: number;
  /** Page size when the URL has none; default 20. */
  defaultPageSize?: number;
  /** The items of a new page are on their way: no page reset meanwhile. */
  loading?: boolean;
  /** Group items under headers by this field or function. */
  groupBy?: GroupBy<Item>;
  /** The user picked another page. */
  onPageChange?: (page: number, pageSize: number) => void;
  onItemClick?: (item: Item) => void;
  /** Buttons at the end of each item (e.g. remove). */
  renderActions?: (item: Item) => ReactNode;
  emptyText?: ReactNode;
  /** The list's accessible name. */
  label: string;
}

/** Pages for `total` items (spec §4): rounded up. */
export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(Math.max(0, total) / pageSize);
}

/**
 * A list with a pager (spec §4): page and size live in the URL (`page-num`, `page-size`); a page whose start
 * is at or beyond the total goes back to page 1; the pager shows only when there is more than one page, with
 * 5 page buttons (first, last and the current page, with gaps, as MUI's siblingCount 0 / boundaryCount 1).
 */
export function PaginatedList<Item extends PaginatedListItem>(props: PaginatedListProps<Item>) {
  const { t } = useTranslation();
  const { items, total, loading = false, groupBy } = props;
  const { page, pageSize, setPage } = usePageParams(props.defaultPageSize ?? LIMITS.listPageSize);

  useEffect(() => {
    if (!loading && page > 1 && (page - 1) * pageSize >= total) setPage(1, { replace: true });
  }, [loading, page, pageSize, total, setPage]);

  const renderItem = (item: Item) => {
    const content = (
      <>
        <ListItemAvatar>
          <TextAvatar name={item.title} src={item.avatar} />
        </ListItemAvatar>
        <ListItemText primary={item.title} secondary={item.subtitle} />
      </>
    );
    return (
      <ListItem key={item.id} disablePadding={Boolean(props.onItemClick)} secondaryAction={props.renderActions?.(item)}>
        {props.onItemClick ? <ListItemButton onClick={() => props.onItemClick?.(item)}>{content}</ListItemButton> : content}
      </ListItem>
    );
  };

  let list: ReactNode;
  if (items.length === 0 && !loading) {
    list = (
      <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
        {props.emptyText ?? t('messages.noData')}
      </Typography>
    );
  } else if (groupBy) {
    list = (
      <List aria-label={props.label} subheader={<li />}>
        {groupItems(items, groupBy).map((group) => (
          <li key={group.key}>
            <Box component="ul" sx={{ p: 0 }} aria-label={group.key}>
              <ListSubheader>{group.key}</ListSubheader>
              {group.items.map(renderItem)}
            </Box>
          </li>
        ))}
      </List>
    );
  } else {
    list = <List aria-label={props.label}>{items.map(renderItem)}</List>;
  }

  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {list}
      {total > pageSize && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', py: 1 }}
          count={pageCount(total, pageSize)}
          page={Math.min(page, pageCount(total, pageSize))}
          siblingCount={0}
          boundaryCount={1}
          onChange={(_event, next) => {
            setPage(next);
            props.onPageChange?.(next, pageSize);
          }}
        />
      )}
    </Box>
  );
}
