import BookmarkAdd from '@mui/icons-material/BookmarkAdd';
import Lock from '@mui/icons-material/Lock';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { PROFILE_PATH } from '../paths';
import { useAccountActions } from '../use-account-actions';

/** The account menu's entries of this feature: Edit Profile, Change Password, Bookmark this page. */
export function AccountMenuItems({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { changePassword, bookmarkPage } = useAccountActions();
  return (
    <>
      <MenuItem component={Link} to={localePath(lang, PROFILE_PATH)} onClick={onClose}>
        <ListItemIcon>
          <ManageAccounts fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('accountActions.editProfile')}</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void changePassword();
        }}
      >
        <ListItemIcon>
          <Lock fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('accountActions.changePassword')}</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void bookmarkPage();
        }}
      >
        <ListItemIcon>
          <BookmarkAdd fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('accountActions.bookmark')}</ListItemText>
      </MenuItem>
    </>
  );
}
