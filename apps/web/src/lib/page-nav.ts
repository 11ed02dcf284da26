import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { localePath } from './paths';
import { useLang } from './use-lang';

/** Navigation below the current language prefix: `go('/admin/users/7')`. */
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

/** `''` or a positive integer (a route or query parameter, a select value) as a number, else undefined. */
export function idOrUndefined(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}
