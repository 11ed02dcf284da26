/** The work space's pages (spec §2.1–2.3), below the language prefix. */
export const WORKSPACE_PATH = '/dashboard';
export const INSTRUMENT_LIST_PATH = '/dashboard/search/instrument/list';
export const LOCATION_PATH = '/dashboard/search/location';
export const CAPTURE_MAP_PATH = '/capture-map';
/** Map Reports (spec §2.4): the work-space map into a map report. */
export const MAP_REPORT_PATH = '/dashboard/report';

/** An instrument's detail page; `detail` is the default view (spec §2.3). */
export function instrumentPath(instrumentId: number, view?: string): string {
  return `/dashboard/search/instrument/${instrumentId}${view && view !== 'detail' ? `/${view}` : ''}`;
}
