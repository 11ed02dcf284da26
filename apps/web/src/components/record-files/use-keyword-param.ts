import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Spec §2.5: the photo and document keywords live in the query string (`photo-keyword`, `doc-keyword`). */
export const PHOTO_KEYWORD_PARAM = 'photo-keyword';
export const DOC_KEYWORD_PARAM = 'doc-keyword';

/** A keyword kept in the query string under `name`; setting it adds a history entry (back undoes a search). */
export function useKeywordParam(name: string): [string, (keyword: string) => void] {
  const [params, setParams] = useSearchParams();
  const keyword = params.get(name) ?? '';
  const set = useCallback(
    (next: string) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      }),
    [name, setParams],
  );
  return [keyword, set];
}
