import { LANGUAGES, type Language } from '@strata/shared';

export const DEFAULT_LANGUAGE: Language = 'en';

/** The default landing route below the language prefix: the work space's instrument list (issue 7). */
export const DEFAULT_INDEX_PATH = '/dashboard/search/instrument/list';
export const LOGIN_PATH = '/account/login';
export const LOGOUT_PATH = '/account/logout';

export function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** `/en` + `/account/login` -> `/en/account/login`. */
export function localePath(lang: Language, path: string): string {
  return `/${lang}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The language of an app path (`/zh/admin` -> zh), or the default. */
export function languageOf(pathname: string): Language {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The path without its language prefix (`/zh/admin?x=1` -> `/admin?x=1`). */
export function stripLanguage(path: string): string {
  const first = path.split(/[/?#]/)[1];
  return isLanguage(first) ? path.slice(first.length + 1) || '/' : path;
}

/** `/<lang>/account/login?redirect=<path>`; slashes stay readable, everything else is encoded. */
export function loginPath(lang: Language, redirect?: string): string {
  const base = localePath(lang, LOGIN_PATH);
  if (!redirect) return base;
  return `${base}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}`;
}

/**
 * A redirect target is followed only when it is a path on this site: it starts with a single `/`
 * (not `//host` or `/\host`) and resolves to this origin. Anything else (absolute URLs, `javascript:`) is ignored.
 */
export function isSafeRedirect(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return false;
  try {
    const origin = window.location.origin;
    return new URL(value, origin).origin === origin;
  } catch {
    return false;
  }
}
