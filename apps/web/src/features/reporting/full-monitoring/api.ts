import {
  API_BASE,
  ZFullMonitoringCreated,
  ZMonitoringReport,
  ZMonitoringReportList,
  ZMonitoringTemplate,
  ZMonitoringTemplateList,
  type MonitoringReportAction,
  type TFullMonitoringCreated,
  type TFullMonitoringParams,
  type TMonitoringReport,
  type TMonitoringTemplate,
  type TMonitoringTemplateInput,
} from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browserTzoHours, checkReport } from '../api';

/** Query keys: under `['reports']`, so a report that ends (useReportJob) refreshes these lists too. */
export const fullMonitoringKeys = {
  templates: ['reports', 'monitoring-templates'] as const,
  templateList: (query: TemplateListQuery) => [...fullMonitoringKeys.templates, 'list', query] as const,
  template: (id: number) => [...fullMonitoringKeys.templates, 'one', id] as const,
  reports: ['reports', 'full-monitoring'] as const,
  reportList: (query: MonitoringReportListQuery) => [...fullMonitoringKeys.reports, 'list', query] as const,
  published: (query: MonitoringReportListQuery) => [...fullMonitoringKeys.reports, 'published', query] as const,
  report: (id: number) => [...fullMonitoringKeys.reports, 'one', id] as const,
  check: (reportId: number) => ['reporting', 'check', reportId] as const,
};

export interface TemplateListQuery {
  contracts?: number[];
  keyword?: string;
  limit: number;
  skip: number;
}

export interface MonitoringReportListQuery {
  contracts?: number[];
  /** Statuses, e.g. `['checking', 'approving']`. */
  status?: string[];
  keyword?: string;
  limit: number;
  skip: number;
}

/** The list's query parameters: `contracts=[ids]` (as the other list APIs), statuses comma-separated. */
function listParams(query: MonitoringReportListQuery | TemplateListQuery) {
  return {
    contracts: query.contracts && query.contracts.length > 0 ? JSON.stringify(query.contracts) : undefined,
    status: 'status' in query && query.status && query.status.length > 0 ? query.status.join(',') : undefined,
    keyword: query.keyword || undefined,
    limit: query.limit,
    skip: query.skip,
  };
}

// ---- templates

/** `GET /reports/monitoring-template?contracts=&keyword=&skip=&limit=`. */
export function useMonitoringTemplates(query: TemplateListQuery, enabled = true) {
  return useQuery({
    queryKey: fullMonitoringKeys.templateList(query),
    queryFn: ({ signal }) => apiRequest('/reports/monitoring-template', { query: listParams(query), schema: ZMonitoringTemplateList, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /reports/monitoring-template/{template_id}`. */
export function useMonitoringTemplate(templateId: number | undefined) {
  return useQuery({
    queryKey: fullMonitoringKeys.template(templateId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/reports/monitoring-template/${templateId}`, { schema: ZMonitoringTemplate, signal }),
    enabled: templateId !== undefined,
  });
}

/** `POST /reports/monitoring-template` (new) or `PUT /reports/monitoring-template/{id}`; the form shows a refusal. */
export function saveMonitoringTemplate(input: TMonitoringTemplateInput, templateId?: number): Promise<TMonitoringTemplate> {
  return apiRequest(templateId === undefined ? '/reports/monitoring-template' : `/reports/monitoring-template/${templateId}`, {
    method: templateId === undefined ? 'POST' : 'PUT',
    json: input,
    schema: ZMonitoringTemplate,
    emitHttpError: false,
  });
}

/** `POST /reports/monitoring-template/{id}/copy` with the copy's contract and name. */
export function copyMonitoringTemplate(templateId: number, body: { contract_id: number; name: string }): Promise<TMonitoringTemplate> {
  return apiRequest(`/reports/monitoring-template/${templateId}/copy`, { method: 'POST', json: body, schema: ZMonitoringTemplate, emitHttpError: false });
}

/** `DELETE /reports/monitoring-template/{id}` (204). */
export async function deleteMonitoringTemplate(templateId: number): Promise<void> {
  await apiRequest(`/reports/monitoring-template/${templateId}`, { method: 'DELETE', emitHttpError: false });
}

// ---- generation

/** `POST /reports/full-monitoring?tzo=<hours>&on_demand=true`: the draft's report, its access token and the toast. */
export function createFullMonitoringReport(params: TFullMonitoringParams, tzo: number = browserTzoHours()): Promise<TFullMonitoringCreated> {
  return apiRequest('/reports/full-monitoring', {
    method: 'POST',
    query: { tzo, on_demand: 'true' },
    json: params,
    schema: ZFullMonitoringCreated,
    emitHttpError: false,
  });
}

/** How often a report being generated is checked. */
export const BUILD_POLL_MS = 2000;

/** `GET /reports/{report_id}/check` every `intervalMs` while the report is in progress (status 1); stops after. */
export function useReportCheck(reportId: number | null, intervalMs: number = BUILD_POLL_MS) {
  return useQuery({
    queryKey: fullMonitoringKeys.check(reportId ?? 0),
    queryFn: ({ signal }) => checkReport(reportId!, signal),
    enabled: reportId !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 1 ? false : intervalMs),
    // A 504 (the check took too long) is asked again on the next tick.
    retry: false,
  });
}

// ---- the reports and their workflow

/** `GET /reports/full-monitoring?contracts=&status=&keyword=&skip=&limit=`. */
export function useMonitoringReports(query: MonitoringReportListQuery, options: { refetchMs?: number } = {}) {
  return useQuery({
    queryKey: fullMonitoringKeys.reportList(query),
    queryFn: ({ signal }) => apiRequest('/reports/full-monitoring', { query: listParams(query), schema: ZMonitoringReportList, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchMs ?? false,
  });
}

/** `GET /reports/full-monitoring/published?…`: published reports (Authority users see those of their contracts). */
export function usePublishedReports(query: MonitoringReportListQuery) {
  return useQuery({
    queryKey: fullMonitoringKeys.published(query),
    queryFn: ({ signal }) => apiRequest('/reports/full-monitoring/published', { query: listParams(query), schema: ZMonitoringReportList, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /reports/full-monitoring/{id}`: the report with its steps and what the caller may do; with `pollGeneratingMs`
 * asked again that often while it is being generated.
 */
export function useMonitoringReport(id: number | undefined, { pollGeneratingMs }: { pollGeneratingMs?: number } = {}) {
  return useQuery({
    queryKey: fullMonitoringKeys.report(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/reports/full-monitoring/${id}`, { schema: ZMonitoringReport, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (pollGeneratingMs && query.state.data?.status === 'generating' ? pollGeneratingMs : false),
  });
}

/** `POST /reports/full-monitoring/{id}/{action}` with the comment: the report after the step. */
export function runMonitoringReportAction(id: number, action: MonitoringReportAction, comment: string): Promise<TMonitoringReport> {
  return apiRequest(`/reports/full-monitoring/${id}/${action}`, {
    method: 'POST',
    json: { comment: comment.trim() },
    schema: ZMonitoringReport,
    emitHttpError: false,
  });
}

/** The draft PDF (inline); the report dialog adds `_token`. */
export function draftAddress(id: number): string {
  return `${API_BASE}/reports/full-monitoring/${id}/draft`;
}

/** The published PDF, inline (`download=false`; the dialog's Download asks `download=true`). */
export function publishedAddress(id: number, download = false): string {
  return `${API_BASE}/reports/full-monitoring/${id}/file?download=${download}`;
}
