import {
  ZCustomizedList,
  ZCustomTemplate,
  ZCustomTemplateList,
  ZReportCatalog,
  ZWorkbookProblems,
  type TCustomTemplate,
  type TCustomTemplateBody,
  type TWorkbookProblems,
} from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sendFiles } from '../../../components/upload-button';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** Query keys: the templates under `['reports', 'custom-templates']`, the generation forms' options under `customized`. */
export const customTemplateKeys = {
  all: ['reports', 'custom-templates'] as const,
  list: (query: CustomTemplateListQuery) => [...customTemplateKeys.all, 'list', query] as const,
  one: (id: number) => [...customTemplateKeys.all, 'one', id] as const,
  catalog: (type: string) => ['reporting', 'catalog', type] as const,
  customized: (type: string, contractId: number | undefined) => [...customTemplateKeys.all, 'customized', type, contractId ?? null] as const,
};

export interface CustomTemplateListQuery {
  keyword?: string;
  report_type?: string;
  contract_id?: number;
  limit: number;
  skip: number;
}

/** `GET /reports/custom-templates?keyword=&report_type=&contract_id=&limit=&skip=`. */
export function useCustomTemplates(query: CustomTemplateListQuery) {
  return useQuery({
    queryKey: customTemplateKeys.list(query),
    queryFn: ({ signal }) => apiRequest('/reports/custom-templates', { query: { ...query }, schema: ZCustomTemplateList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /reports/custom-templates/{id}` (not asked while `id` is undefined); the caller shows a failure. */
export function useCustomTemplate(id: number | undefined) {
  return useQuery({
    queryKey: customTemplateKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/reports/custom-templates/${id}`, { schema: ZCustomTemplate, signal, emitHttpError: false }),
    enabled: id !== undefined,
  });
}

/** `GET /reports/custom-templates/catalog/{type}`: the sections and columns a template of the type chooses from. */
export function useReportCatalog(type: string) {
  return useQuery({
    queryKey: customTemplateKeys.catalog(type),
    queryFn: ({ signal }) => apiRequest(`/reports/custom-templates/catalog/${encodeURIComponent(type)}`, { schema: ZReportCatalog, signal }),
    enabled: type !== '',
    staleTime: 5 * 60_000,
  });
}

/** `GET /reports/customized?type=&contract_id=` (spec §7): Default first, then the templates of the type for the contract. */
export function useCustomizedTemplates(type: string, contractId: number | undefined) {
  return useQuery({
    queryKey: customTemplateKeys.customized(type, contractId),
    queryFn: ({ signal }) => apiRequest('/reports/customized', { query: { type, contract_id: contractId }, schema: ZCustomizedList, signal }),
    enabled: type !== '',
    select: (data) => data.records,
  });
}

/** `POST /reports/custom-templates` (new) or `PUT /reports/custom-templates/{id}`; the form shows a refusal. */
export function saveCustomTemplate(body: TCustomTemplateBody, id?: number): Promise<TCustomTemplate> {
  return apiRequest(id === undefined ? '/reports/custom-templates' : `/reports/custom-templates/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    json: body,
    schema: ZCustomTemplate,
    emitHttpError: false,
  });
}

/** `DELETE /reports/custom-templates/{id}`. */
export async function deleteCustomTemplate(id: number): Promise<void> {
  await apiRequest(`/reports/custom-templates/${id}`, { method: 'DELETE', emitHttpError: false });
}

/** A workbook the server refused, with its reasons (one line each). */
export class WorkbookRefused extends Error {
  constructor(readonly problems: TWorkbookProblems) {
    super(problems.message);
  }
}

/**
 * `PUT /reports/custom-templates/{id}/workbook` (multipart, part `file`): the template with its checked workbook, or
 * `WorkbookRefused` with the server's list of problems (400 with `problems`).
 */
export async function uploadWorkbook(id: number, file: File): Promise<TCustomTemplate> {
  try {
    const answer = await sendFiles({ path: `/reports/custom-templates/${id}/workbook`, files: [file], method: 'PUT', field: 'file', emitHttpError: false });
    return ZCustomTemplate.parse(answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const problems = ZWorkbookProblems.safeParse(error.body);
      if (problems.success) throw new WorkbookRefused(problems.data);
    }
    throw error;
  }
}

/** `GET /reports/custom-templates/{id}/workbook`: saves the workbook under its own name. */
export function downloadWorkbook(template: Pick<TCustomTemplate, 'template_id' | 'filename'>): Promise<string> {
  return downloadFile(`/reports/custom-templates/${template.template_id}/workbook`, { fileName: template.filename });
}

/** `DELETE /reports/custom-templates/{id}/workbook`: the template without its workbook. */
export async function removeWorkbook(id: number): Promise<void> {
  await apiRequest(`/reports/custom-templates/${id}/workbook`, { method: 'DELETE', emitHttpError: false });
}
