import { ZManualDocumentList } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /user-manual/documents`: the documents administrators uploaded for the manual (`/master-data/documentations`). */
export function useUploadedManualDocuments() {
  return useQuery({
    queryKey: ['master-data', 'documentations', 'user-manual'],
    queryFn: ({ signal }) => apiRequest('/user-manual/documents', { query: { limit: 1000, skip: 0 }, schema: ZManualDocumentList, signal }),
  });
}
