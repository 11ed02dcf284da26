import {
  ZActionCaseCandidateList,
  ZActionCaseDetail,
  ZActionCaseList,
  ZActionCaseSummary,
  ZActionCaseTarget,
  ZActionEntry,
  ZInstrumentList,
  type ActionCaseCategory,
  type ActionCaseStatus,
  type TActionCaseDetail,
  type TActionEntry,
  type TAddActionEntryRequest,
  type TCloseActionCaseRequest,
  type TOpenActionCaseRequest,
} from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { actionLogKeys } from './keys';

export interface CaseListParams {
  limit: number;
  skip: number;
  /** Omitted: every category the user may read. */
  category?: ActionCaseCategory;
  status?: ActionCaseStatus;
  keyword?: string;
  /** The active contracts (JSON list). */
  contracts: string;
}

/** `GET /action-cases`: newest opened first. */
export function useCases(params: CaseListParams | null) {
  return useQuery({
    queryKey: actionLogKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/action-cases', {
        query: {
          limit: params!.limit,
          skip: params!.skip,
          category: params!.category,
          status: params!.status,
          keyword: params!.keyword || undefined,
          contracts: params!.contracts,
        },
        schema: ZActionCaseList,
        signal,
        // The table shows its own "Failed to fetch data".
        emitHttpError: false,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /action-cases/summary`: open cases per category (null where the user may not read). */
export function useCaseSummary(contracts: string | null) {
  return useQuery({
    queryKey: actionLogKeys.summary(contracts),
    queryFn: ({ signal }) =>
      apiRequest('/action-cases/summary', { query: { contracts: contracts! }, schema: ZActionCaseSummary, signal, emitHttpError: false }),
    enabled: contracts !== null,
  });
}

/** `GET /action-cases/{id}`: the case, its alert, its follow-ups. */
export function useCase(caseId: number | undefined) {
  return useQuery({
    queryKey: actionLogKeys.one(caseId),
    queryFn: ({ signal }) => apiRequest(`/action-cases/${caseId}`, { schema: ZActionCaseDetail, signal, emitHttpError: false }),
    enabled: caseId !== undefined,
  });
}

export type CaseTarget = { alertId: number } | { instrumentId: number };

/** `GET /action-cases/target`: what a new case would be about, and the case already open for it. */
export function useCaseTarget(target: CaseTarget | null) {
  return useQuery({
    queryKey: actionLogKeys.target(target),
    queryFn: ({ signal }) =>
      apiRequest('/action-cases/target', {
        query:
          target && 'alertId' in target
            ? { alert_id: target.alertId }
            : { instrument_id: target && 'instrumentId' in target ? target.instrumentId : undefined },
        schema: ZActionCaseTarget,
        signal,
        emitHttpError: false,
      }),
    enabled: target !== null,
  });
}

/** `GET /action-cases/candidates`: open alerts of a category to open a case for. */
export function useCaseCandidates(params: { category: 'breached' | 'scenario'; keyword: string; contracts: string } | null) {
  return useQuery({
    queryKey: actionLogKeys.candidates(params),
    queryFn: ({ signal }) =>
      apiRequest('/action-cases/candidates', {
        query: { category: params!.category, keyword: params!.keyword || undefined, contracts: params!.contracts, limit: 20 },
        schema: ZActionCaseCandidateList,
        signal,
        emitHttpError: false,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** `POST /action-cases`; the caller shows failures (a form). */
export function useOpenCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpenActionCaseRequest): Promise<TActionCaseDetail> =>
      apiRequest('/action-cases', { method: 'POST', json: body, schema: ZActionCaseDetail, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: actionLogKeys.all }),
  });
}

/** `POST /action-cases/{id}/entries`. */
export function useAddEntry(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddActionEntryRequest): Promise<TActionEntry> =>
      apiRequest(`/action-cases/${caseId}/entries`, { method: 'POST', json: body, schema: ZActionEntry, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: actionLogKeys.all }),
  });
}

/** `POST /action-cases/{id}/close`. */
export function useCloseCase(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCloseActionCaseRequest): Promise<TActionCaseDetail> =>
      apiRequest(`/action-cases/${caseId}/close`, { method: 'POST', json: body, schema: ZActionCaseDetail, emitHttpError: false }),
    onSuccess: (detail) => {
      client.setQueryData(actionLogKeys.one(caseId), detail);
      return client.invalidateQueries({ queryKey: actionLogKeys.all });
    },
  });
}

/** `GET /action-cases/{id}/pdf`: the case as a PDF, saved under the server's name. */
export function downloadCasePdf(caseId: number): Promise<string> {
  return downloadFile(`/action-cases/${caseId}/pdf`, { fileName: `case-${caseId}.pdf` });
}

/** `GET /instruments?keyword=`: instruments of the active contracts to pick a damaged one from (20 at most). */
export function useInstrumentSearch(params: { keyword: string; contracts: string } | null) {
  return useQuery({
    queryKey: actionLogKeys.instruments(params),
    queryFn: ({ signal }) =>
      apiRequest('/instruments', {
        query: { keyword: params!.keyword || undefined, contracts: params!.contracts, limit: 20 },
        schema: ZInstrumentList,
        signal,
        emitHttpError: false,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
