import {
  ZAlertScenario,
  ZAlertScenarioList,
  ZOk,
  ZScenarioPreview,
  type TAlertScenario,
  type TAlertScenarioBody,
  type TAlertScenarioUpdate,
  type TScenarioPreview,
  type TScenarioPreviewRequest,
} from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { retryServerErrors, ruleKeys } from './keys';

export interface ScenarioListParams {
  /** A JSON list of contract ids, or undefined: every contract of the caller. */
  contracts?: string;
  keyword?: string;
  limit: number;
  skip: number;
}

/** `GET /alert-scenarios`. `quiet`: a picker's options (it says a failure itself). */
export function useScenarios(params: ScenarioListParams | null, quiet = false) {
  return useQuery({
    queryKey: ruleKeys.scenarioList(params),
    queryFn: ({ signal }) =>
      apiRequest('/alert-scenarios', {
        query: { contracts: params!.contracts, keyword: params!.keyword || undefined, limit: params!.limit, skip: params!.skip },
        schema: ZAlertScenarioList,
        signal,
        emitHttpError: !quiet,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: quiet ? false : undefined,
  });
}

/** `GET /alert-scenarios/{id}`. */
export function useScenario(id: number | undefined) {
  return useQuery({
    queryKey: ruleKeys.scenario(id),
    queryFn: ({ signal }) => apiRequest(`/alert-scenarios/${id}`, { schema: ZAlertScenario, signal, emitHttpError: false }),
    enabled: id !== undefined,
    retry: retryServerErrors,
  });
}

export type SaveScenario = { id: undefined; body: TAlertScenarioBody } | { id: number; body: TAlertScenarioUpdate };

/** `POST /alert-scenarios` or `PUT /alert-scenarios/{id}` (the contract is fixed after create). */
export function useSaveScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveScenario): Promise<TAlertScenario> =>
      apiRequest(id === undefined ? '/alert-scenarios' : `/alert-scenarios/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        json: body,
        schema: ZAlertScenario,
        emitHttpError: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

/** `DELETE /alert-scenarios/{id}`. */
export function useDeleteScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/alert-scenarios/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

/** `POST /alert-scenarios/preview`: what an unsaved rule would have raised in the last `days` days. */
export function usePreviewScenario() {
  return useMutation({
    mutationFn: (body: TScenarioPreviewRequest): Promise<TScenarioPreview> =>
      apiRequest('/alert-scenarios/preview', { method: 'POST', json: body, schema: ZScenarioPreview, emitHttpError: false }),
  });
}
