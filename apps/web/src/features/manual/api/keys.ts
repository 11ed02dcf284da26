import { MANUAL_DOCUMENTS_QUERY_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the User Manual page: its documents sit under the key the master-data Documentations page shares
 * (lib/query-keys.ts), so an upload or a delete there refreshes this list.
 */
export const manualKeys = {
  uploadedDocuments: () => [...MANUAL_DOCUMENTS_QUERY_KEY, 'user-manual'] as const,
};
