import { ZAuditLogList, type TAuditLogFilters } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the audit log (read only: nothing here invalidates them). */
export const auditKeys = {
  all: ['admin', 'audit-logs'] as const,
  list: (params: TAuditLogFilters & { limit: number; skip: number }) => [...auditKeys.all, params] as const,
};

/** `GET /audit-logs` (ViewAuditLogs): newest first, with the filters. */
export function useAuditLogs(params: TAuditLogFilters & { limit: number; skip: number }, enabled = true) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/audit-logs', { query: { ...params }, schema: ZAuditLogList, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}
