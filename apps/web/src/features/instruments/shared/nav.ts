import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';

/** Navigation below the current language prefix: `go('/master-data/instrument/7')`. */
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
