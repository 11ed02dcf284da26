/** The work space's pages (spec §2.1–2.3), below the language prefix. */
export const WORKSPACE_PATH = '/dashboard';
export const INSTRUMENT_LIST_PATH = '/dashboard/search/instrument/list';
export const LOCATION_PATH = '/dashboard/search/location';
export const CAPTURE_MAP_PATH = '/capture-map';

/** An instrument's detail page; `detail` is the default view (spec §2.3). */
export function instrumentPath(instrumentId: number, view?: string): string {
  return `/dashboard/search/instrument/${instrumentId}${view && view !== 'detail' ? `/${view}` : ''}`;
}
