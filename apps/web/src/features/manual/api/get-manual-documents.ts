import { ZManualDocumentList } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { manualKeys } from './keys';

/** `GET /user-manual/documents`: the documents administrators uploaded for the manual (`/master-data/documentations`). */
export function useUploadedManualDocuments() {
  return useQuery({
    queryKey: manualKeys.uploadedDocuments(),
    queryFn: ({ signal }) => apiRequest('/user-manual/documents', { query: { limit: 1000, skip: 0 }, schema: ZManualDocumentList, signal }),
  });
}
