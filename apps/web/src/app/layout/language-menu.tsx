import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { LANGUAGES, type Language } from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageLoader } from '../../lib/navigation';
import { stripLanguage } from '../../lib/paths';
import { useLang } from '../../lib/use-lang';

/** Each language by its own name, whatever the page language. */
const LANGUAGE_NAMES: Record<Language, { name: string; htmlLang: string }> = {
  en: { name: 'English', htmlLang: 'en' },
  zh: { name: '简体中文', htmlLang: 'zh-CN' },
};

/** The same page under another language prefix: `/en/account/profile/info?x=1` -> `/zh/account/profile/info?x=1`. */
export function pathInLanguage(lang: Language, pathname: string, search = '', hash = ''): string {
  const rest = stripLanguage(pathname);
  return `/${lang}${rest === '/' ? '/' : rest}${search}${hash}`;
}

/** The language menu: choosing a language reloads the page on the same host with it as the path prefix. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search, hash } = useLocation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (next: Language) => {
    setAnchor(null);
    if (next !== lang) pageLoader.assign(pathInLanguage(next, pathname, search, hash));
  };

  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton
          color="inherit"
          aria-label={t('language.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            lang={LANGUAGE_NAMES[code].htmlLang}
            role="menuitemradio"
            aria-checked={code === lang}
            selected={code === lang}
            onClick={() => choose(code)}
          >
            <ListItemIcon>{code === lang && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{LANGUAGE_NAMES[code].name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
