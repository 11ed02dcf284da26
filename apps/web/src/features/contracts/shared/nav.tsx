import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';

/** Navigation below the current language prefix: `go('/contracts/management/7')`. */
export function useGo(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const lang = useLang();
  return useCallback((path, options) => void navigate(localePath(lang, path), options), [navigate, lang]);
}

/** A link target below the current language prefix. */
export function usePagePath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path) => localePath(lang, path), [lang]);
}

/** A link to a page of the app (a path below the language prefix). */
export function AppLink({ to, ...props }: Omit<MuiLinkProps, 'href'> & { to: string }) {
  const href = usePagePath();
  return <MuiLink component={RouterLink} to={href(to)} {...props} />;
}

/** `''` or a positive integer (a route or query parameter) as a number, else undefined. */
export function idOrUndefined(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}
