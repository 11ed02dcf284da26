import { ZAlertTemplate, ZAlertTemplateList, ZOk, type AlertTemplateCategory, type TAlertTemplate, type TAlertTemplateBody } from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { retryServerErrors, ruleKeys } from './keys';

export interface TemplateListParams {
  category: AlertTemplateCategory;
  keyword: string;
  limit: number;
  skip: number;
}

/** `GET /alert-templates` of one category (the tab). */
export function useTemplates(params: TemplateListParams) {
  return useQuery({
    queryKey: ruleKeys.templateList(params),
    queryFn: ({ signal }) =>
      apiRequest('/alert-templates', {
        query: { category: params.category, keyword: params.keyword || undefined, limit: params.limit, skip: params.skip },
        schema: ZAlertTemplateList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /alert-templates/{id}`: the form of an existing template. */
export function useTemplate(id: number | undefined) {
  return useQuery({
    queryKey: ruleKeys.template(id),
    queryFn: ({ signal }) => apiRequest(`/alert-templates/${id}`, { schema: ZAlertTemplate, signal, emitHttpError: false }),
    enabled: id !== undefined,
    retry: retryServerErrors,
  });
}

/** `POST /alert-templates` or `PUT /alert-templates/{id}` (the whole template). The form shows the errors. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TAlertTemplateBody }): Promise<TAlertTemplate> =>
      apiRequest(id === undefined ? '/alert-templates' : `/alert-templates/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        json: body,
        schema: ZAlertTemplate,
        emitHttpError: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.templates() }),
  });
}

/** `DELETE /alert-templates/{id}`. */
export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/alert-templates/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.templates() }),
  });
}
