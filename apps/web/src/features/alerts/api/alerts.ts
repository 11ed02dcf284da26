import { ZAlertDetail, ZAlertList, type AlertKind, type AlertStatus, type TCloseAlertRequest } from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { alertKeys } from './keys';

export interface AlertListParams {
  limit: number;
  skip: number;
  /** Empty: every kind. */
  kinds: readonly AlertKind[];
  status?: AlertStatus;
  level?: string;
  keyword?: string;
  /** The active contracts (JSON list). */
  contracts: string;
}

/** `GET /alerts`: newest trigger first. */
export function useAlerts(params: AlertListParams | null) {
  return useQuery({
    queryKey: alertKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/alerts', {
        query: {
          limit: params!.limit,
          skip: params!.skip,
          kind: params!.kinds.length > 0 ? params!.kinds.join(',') : undefined,
          status: params!.status,
          level: params!.level || undefined,
          keyword: params!.keyword || undefined,
          contracts: params!.contracts,
        },
        schema: ZAlertList,
        signal,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /alerts/{id}`: the alert, its instrument, thresholds, history and members. */
export function useAlert(alertId: number | undefined) {
  return useQuery({
    queryKey: alertKeys.one(alertId),
    queryFn: ({ signal }) => apiRequest(`/alerts/${alertId}`, { schema: ZAlertDetail, signal, emitHttpError: false }),
    enabled: alertId !== undefined,
    // Not found (or another contract's) is an answer, not a failure to retry.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
  });
}

/** `POST /alerts/{id}/close` with a reason; the lists and counts are fetched again. */
export function useCloseAlert(alertId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCloseAlertRequest): Promise<void> => {
      await apiRequest(`/alerts/${alertId}/close`, { method: 'POST', json: body, emitHttpError: false });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
