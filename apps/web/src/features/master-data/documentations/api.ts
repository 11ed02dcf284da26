import { ZManualDocumentList, ZOk } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MANUAL_DOCUMENTS_QUERY_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the documents: under the key the User Manual page shares (lib/query-keys.ts), so an upload or a delete
 * here refreshes the manual too.
 */
export const documentationKeys = {
  all: MANUAL_DOCUMENTS_QUERY_KEY,
  list: (params: { limit: number; skip: number }) => [...documentationKeys.all, params] as const,
};

/** `GET /user-manual/documents`: the user manual's documents, a page at a time. */
export function useManualDocuments(params: { limit: number; skip: number }) {
  return useQuery({
    queryKey: documentationKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/user-manual/documents', { query: params, schema: ZManualDocumentList, signal }),
    placeholderData: (previous) => previous,
  });
}

/** After an upload (the upload button sends the file itself). */
export function useRefreshDocuments(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentationKeys.all });
}

/** `DELETE /master-data/documentations/{id}` (ManageDocumentation). */
export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/master-data/documentations/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentationKeys.all }),
  });
}
