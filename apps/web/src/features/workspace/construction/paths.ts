import type { SiteType } from '@strata/shared';

/** The construction pages of the work space (spec §2.2, §2.3), below the language prefix. */
export const EXCAVATION_LIST_PATH = '/dashboard/search/excavation/list';
export const TUNNEL_LIST_PATH = '/dashboard/search/tunnel/list';

/** Every excavation page of the work space starts with this; every mined-tunnel page with the other. */
export const EXCAVATION_SEARCH_PREFIX = '/dashboard/search/excavation/';
export const TUNNEL_SEARCH_PREFIX = '/dashboard/search/tunnel/';

/** The list of a site type. */
export function constructionListPath(type: SiteType): string {
  return type === 'E' ? EXCAVATION_LIST_PATH : TUNNEL_LIST_PATH;
}

/** A site's detail page: `detail` is the default view (no segment). */
export function constructionPath(type: SiteType, siteId: number, view?: string): string {
  const base = type === 'E' ? EXCAVATION_SEARCH_PREFIX : TUNNEL_SEARCH_PREFIX;
  return `${base}${siteId}${view && view !== 'detail' ? `/${view}` : ''}`;
}

/** The site type of a work-space path, or null when it is not a construction page. */
export function constructionTypeOf(pathname: string): SiteType | null {
  if (pathname.includes(EXCAVATION_SEARCH_PREFIX)) return 'E';
  if (pathname.includes(TUNNEL_SEARCH_PREFIX)) return 'MT';
  return null;
}
