import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DEFAULT_PREFERENCES } from '@strata/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../features/account/api/get-preferences';
import { AccountMenuItems } from '../../features/account/components/account-menu-items';
import { useSavePreferences } from '../../features/account/api/save-preferences';
import { useSession } from '../../lib/auth-store';
import { runRouteAction } from '../../lib/route-actions';
import type { RouteAction } from '../../lib/route-meta';
import { LOGOUT_PATH, localePath } from '../../lib/paths';
import { systemStore, useSystemState } from '../../lib/system-store';
import { useLang } from '../../lib/use-lang';

/**
 * The account menu: who is signed in, the route's actions, `children` (more account entries),
 * the "Use Dark Theme" switch and Logout.
 */
export function AccountMenu({ actions = [], children }: { actions?: readonly RouteAction[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const profile = useSession((state) => state.profile);
  const darkTheme = useSystemState((state) => state.darkTheme);
  const { data: preferences } = usePreferences();
  const savePreferences = useSavePreferences();

  const toggleDarkTheme = () => {
    const next = !darkTheme;
    systemStore.setState({ darkTheme: next });
    savePreferences.mutate({ ...(preferences ?? DEFAULT_PREFERENCES), dark_theme: next }, { onError: () => systemStore.setState({ darkTheme: !next }) });
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('accountMenu.open')}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
          <Typography variant="subtitle1" component="p">
            {profile?.fullname}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {profile?.login_name}
          </Typography>
        </Box>
        <Divider />
        {actions.map((action) => {
          const Icon = action.icon;
          return (
            <MenuItem
              key={action.id}
              onClick={() => {
                setAnchor(null);
                runRouteAction(action.id);
              }}
            >
              {Icon && (
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
              )}
              <ListItemText inset={!Icon}>{t(action.title)}</ListItemText>
            </MenuItem>
          );
        })}
        {actions.length > 0 && <Divider />}
        {children}
        <AccountMenuItems onClose={() => setAnchor(null)} />
        <Divider />
        <MenuItem role="menuitemcheckbox" aria-checked={darkTheme} onClick={toggleDarkTheme}>
          <ListItemText>{t('accountMenu.darkTheme')}</ListItemText>
          <Switch edge="end" size="small" checked={darkTheme} tabIndex={-1} aria-hidden sx={{ ml: 1 }} />
        </MenuItem>
        <MenuItem component={Link} to={localePath(lang, LOGOUT_PATH)} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('accountMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
