/** The borehole pages (spec §2.2, §2.13, §2.14, §2.12), below the language prefix. */
export const BOREHOLE_LIST_PATH = '/dashboard/search/borehole/list';
export const BOREHOLE_UPLOAD_PATH = '/upload/borehole';

/** A borehole's detail page; `detail` is the default view (no segment). */
export function boreholePath(boreholeId: number, view?: string): string {
  return `/dashboard/search/borehole/${boreholeId}${view && view !== 'detail' ? `/${view}` : ''}`;
}

/** The SI Borehole Log of a borehole. */
export function boreholeLogPath(boreholeId: number): string {
  return `/dashboard/search/borehole/${boreholeId}/log`;
}

/** Every borehole page of the work space starts with this. */
export const BOREHOLE_SEARCH_PREFIX = '/dashboard/search/borehole/';
