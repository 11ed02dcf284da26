import { ZManualDocumentList, ZOk } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const documentationsKey = ['master-data', 'documentations'] as const;

/** `GET /user-manual/documents`: the user manual's documents, a page at a time. */
export function useManualDocuments(params: { limit: number; skip: number }) {
  return useQuery({
    queryKey: [...documentationsKey, params],
    queryFn: ({ signal }) => apiRequest('/user-manual/documents', { query: params, schema: ZManualDocumentList, signal }),
    placeholderData: (previous) => previous,
  });
}

/** After an upload (the upload button sends the file itself). */
export function useRefreshDocuments(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentationsKey });
}

/** `DELETE /master-data/documentations/{id}` (ManageDocumentation). */
export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/master-data/documentations/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentationsKey }),
  });
}
