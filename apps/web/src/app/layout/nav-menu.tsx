import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { CATEGORY_LABELS, activeEntryPath, buildMenu, type MenuEntry } from '../../lib/menu';
import { localePath } from '../../lib/paths';
import { registeredRoutes } from '../../lib/route-registry';
import { useLang } from '../../lib/use-lang';

interface NavItemProps {
  entry: MenuEntry;
  mini: boolean;
  active: boolean;
  admin: boolean;
}

function NavItem({ entry, mini, active, admin }: NavItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const Icon = entry.icon ?? ArticleOutlined;
  const title = t(entry.title);
  const iconColor = admin ? 'error.main' : active ? 'primary.main' : 'text.secondary';
  const button = (
    <ListItemButton
      component={Link}
      to={localePath(lang, entry.path)}
      selected={active}
      aria-current={active ? 'page' : undefined}
      sx={{
        minHeight: 44,
        mx: 1,
        my: 0.25,
        borderRadius: 2,
        px: mini ? 0 : 1.5,
        justifyContent: mini ? 'center' : 'flex-start',
        '&.Mui-selected': { fontWeight: 600 },
      }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: mini ? 0 : 2, justifyContent: 'center', color: iconColor }}>
        <Icon />
      </ListItemIcon>
      {!mini && <ListItemText primary={title} slotProps={{ primary: { noWrap: true, sx: { fontWeight: active ? 600 : 400, fontSize: '0.95rem' } } }} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {mini ? (
        <Tooltip title={title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/**
 * The side menu, built from the registered route table (lib/menu): the routes the user may open, grouped by
 * category with upper-case headings; in the mini drawer, icons only with their titles as tooltips.
 */
export function NavMenu({ mini }: { mini: boolean }) {
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const { pathname } = useLocation();
  const permissions = useSession((state) => state.permissions);
  const groups = buildMenu(registeredRoutes(), permissions);
  const active = activeEntryPath(groups, pathname);

  return (
    <nav aria-label={t('menu.label')}>
      {groups.map((group, index) => {
        const headingId = `${baseId}-${group.category}`;
        const heading = t(CATEGORY_LABELS[group.category]).toLocaleUpperCase(i18n.language);
        return (
          <Fragment key={group.category}>
            {mini && index > 0 && <Divider sx={{ my: 1, mx: 2 }} />}
            {!mini && (
              // The heading before its list, not in it: a list holds list items only (axe-core `list`).
              <ListSubheader
                id={headingId}
                component="h2"
                disableSticky
                sx={{
                  lineHeight: '32px',
                  mt: index === 0 ? 0.5 : 1.5,
                  px: 2.5,
                  fontSize: '0.72rem',
                  fontWeight: 700,
                  letterSpacing: '0.08em',
                  bgcolor: 'transparent',
                  color: group.category === 'admin' ? 'error.main' : 'text.secondary',
                }}
              >
                {heading}
              </ListSubheader>
            )}
            <List dense aria-labelledby={mini ? undefined : headingId} aria-label={mini ? heading : undefined} sx={{ py: mini && index === 0 ? 1 : 0 }}>
              {group.entries.map((entry) => (
                <NavItem key={entry.path} entry={entry} mini={mini} active={entry.path === active} admin={group.category === 'admin'} />
              ))}
            </List>
          </Fragment>
        );
      })}
    </nav>
  );
}
