import type { DateRangeOption } from '../../components/date-range';
import { isDateRangeOption } from '../../components/date-range';
import type { NotificationQuery } from './api/get-notifications';

/** The filter of the notifications page, kept in the URL query so a reload or a shared link keeps it. */
export interface NotificationFilter {
  keyword: string;
  type: string;
  /** 1..4, or null for any. */
  severity: number | null;
  /** 'unread', 'read' or 'all'. */
  read: 'all' | 'unread' | 'read';
  range: DateRangeOption;
  from: string | null;
  to: string | null;
}

export const EMPTY_FILTER: NotificationFilter = {
  keyword: '',
  type: '',
  severity: null,
  read: 'all',
  range: 'none',
  from: null,
  to: null,
};

const SEVERITIES = new Set(['1', '2', '3', '4']);

export function readFilter(params: URLSearchParams): NotificationFilter {
  const severity = params.get('severity') ?? '';
  const read = params.get('read');
  const range = params.get('range');
  const hasRange = isDateRangeOption(range) && range !== 'none';
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    type: params.get('type')?.trim() ?? '',
    severity: SEVERITIES.has(severity) ? Number(severity) : null,
    read: read === 'unread' || read === 'read' ? read : 'all',
    range: hasRange ? range : 'none',
    from: hasRange ? params.get('from') : null,
    to: hasRange ? params.get('to') : null,
  };
}

/** The filter written into the query (empty parts left out); the page goes back to 1. */
export function writeFilter(params: URLSearchParams, filter: NotificationFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('keyword', filter.keyword.trim());
  set('type', filter.type.trim());
  set('severity', filter.severity === null ? null : String(filter.severity));
  set('read', filter.read === 'all' ? null : filter.read);
  set('range', filter.range === 'none' ? null : filter.range);
  set('from', filter.range === 'none' ? null : filter.from);
  set('to', filter.range === 'none' ? null : filter.to);
  next.delete('page-num');
  return next;
}

/** GET /notifications parameters for a filter and a page. */
export function notificationQuery(filter: NotificationFilter, page: number, pageSize: number): NotificationQuery {
  return {
    limit: pageSize,
    skip: (page - 1) * pageSize,
    keyword: filter.keyword || undefined,
    type: filter.type || undefined,
    severity: filter.severity ?? undefined,
    read: filter.read === 'all' ? undefined : filter.read === 'read',
    from: filter.from ?? undefined,
    to: filter.to ?? undefined,
  };
}

/** True when anything narrows the list (the empty text says "no match" rather than "nothing yet"). */
export function isFiltered(filter: NotificationFilter): boolean {
  return Boolean(filter.keyword || filter.type || filter.severity !== null || filter.read !== 'all' || filter.range !== 'none');
}
