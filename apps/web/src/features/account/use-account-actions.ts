import type { TBookmark } from '@strata/shared';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../components/feedback';
import { sessionStore } from '../../lib/auth-store';
import { getConfigQueryOptions, numericSetting } from '../../lib/config';
import { LOGOUT_PATH, localePath, stripLanguage } from '../../lib/paths';
import { queryClient } from '../../lib/query-client';
import { metaOfMatches } from '../../lib/route-meta';
import { useLang } from '../../lib/use-lang';
import type { BookmarkDialogParams } from './components/bookmark-dialog';
import type { ChangePasswordDialogParams } from './components/change-password-dialog';
import type { LoginState } from './paths';

const DIALOG_WIDTH = 440;

/** What the change-password form needs to explain the rules: the configured minimum, the user's name and e-mail. */
export function changePasswordParams(forced = false): ChangePasswordDialogParams {
  const { profile } = sessionStore.getState();
  const config = queryClient.getQueryData(getConfigQueryOptions().queryKey);
  return {
    minLength: numericSetting(config, 'password_min_length'),
    loginName: profile?.login_name,
    email: profile?.email,
    forced,
  };
}

/**
 * The account menu's own actions (spec §2): Change Password (a dialog; once changed the user is signed out and
 * sent to login) and Bookmark this page (a name, then POST /bookmarks with the page's path and query).
 */
export function useAccountActions() {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const navigate = useNavigate();
  const lang = useLang();
  const location = useLocation();
  const matches = useMatches();

  const changePassword = async (forced = false) => {
    const changed = await confirm<true, ChangePasswordDialogParams>({
      title: t('changePassword.title'),
      content: () => import('./components/change-password-dialog'),
      params: changePasswordParams(forced),
      persistent: true,
      maxWidth: DIALOG_WIDTH,
    });
    if (changed !== true) return;
    const state: LoginState = { notice: 'passwordChanged' };
    await navigate(localePath(lang, LOGOUT_PATH), { replace: true, state });
  };

  const bookmarkPage = async () => {
    const meta = metaOfMatches(matches);
    const saved = await confirm<TBookmark, BookmarkDialogParams>({
      title: t('bookmark.title'),
      content: () => import('./components/bookmark-dialog'),
      params: { name: meta ? t(meta.title) : '', path: stripLanguage(`${location.pathname}${location.search}`) },
      positive: t('bookmark.save'),
      maxWidth: DIALOG_WIDTH,
    });
    if (typeof saved === 'object') toast({ message: t('bookmark.saved', { name: saved.name }), color: 'success' });
  };

  return { changePassword, bookmarkPage };
}
