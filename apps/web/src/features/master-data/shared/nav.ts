import { useCallback } from 'react';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';

/** A link target below the current language prefix. */
export function usePagePath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path) => localePath(lang, path), [lang]);
}
