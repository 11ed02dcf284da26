import { ZAuditLogList, type TAuditLogFilters } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /audit-logs` (ViewAuditLogs): newest first, with the filters. */
export function useAuditLogs(params: TAuditLogFilters & { limit: number; skip: number }, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'audit-logs', params],
    queryFn: ({ signal }) => apiRequest('/audit-logs', { query: { ...params }, schema: ZAuditLogList, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}
