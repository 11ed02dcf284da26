import type { Language } from '@strata/shared';
import { isLanguage, localePath } from '../../lib/paths';

/**
 * Where a notification's `link_uri` goes: an app path stays in the app (with the current language when it has
 * none); an http(s) address opens outside; anything else is not followed.
 */
export function notificationTarget(link: string | null, lang: Language): { kind: 'app' | 'external'; href: string } | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) {
    const first = link.split(/[/?#]/)[1];
    return { kind: 'app', href: isLanguage(first) ? link : localePath(lang, link) };
  }
  if (/^https?:\/\//i.test(link)) return { kind: 'external', href: link };
  return null;
}
