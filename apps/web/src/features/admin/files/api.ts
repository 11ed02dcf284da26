import { ZGeneratedFileList, type TGeneratedFileList } from '@strata/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface GeneratedFilesParams {
  kind?: 'export' | 'report';
  type?: string;
  limit: number;
  skip: number;
}

/** Files still being made are looked at again this often. */
export const FILES_REFRESH_MS = 5000;

/** Query keys of the generated files: a report or export asked for on a report page invalidates `all`. */
export const generatedFileKeys = {
  all: ['admin', 'generated-files'] as const,
  list: (params: GeneratedFilesParams) => [...generatedFileKeys.all, params] as const,
};

/** `GET /generated-files`: the reports and exports the caller may see, newest first; refreshed while some are made. */
export function useGeneratedFiles(params: GeneratedFilesParams, enabled = true) {
  return useQuery({
    queryKey: generatedFileKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/generated-files', {
        query: { kind: params.kind, type: params.type, limit: params.limit, skip: params.skip },
        schema: ZGeneratedFileList,
        signal,
      }),
    enabled,
    refetchInterval: (query) => (hasRunning(query.state.data) ? FILES_REFRESH_MS : false),
  });
}

/** After a report or an export was asked for: the lists of generated files are asked for again. */
export function useRefreshGeneratedFiles(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: generatedFileKeys.all });
}

function hasRunning(data: TGeneratedFileList | undefined): boolean {
  return (data?.records ?? []).some((file) => file.state === 'pending' || file.state === 'running');
}
