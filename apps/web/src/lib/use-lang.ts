import type { Language } from '@strata/shared';
import { useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from './paths';

/** The language of the current route (its `/:lang` prefix). */
export function useLang(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
