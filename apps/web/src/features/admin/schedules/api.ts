import {
  ZOk,
  ZPipelineList,
  ZPipelineStats,
  ZSchedule,
  ZScheduleJobList,
  ZScheduleList,
  ZScheduleRun,
  ZScheduleRunList,
  type TSchedule,
  type TScheduleBody,
} from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the schedules: a save, a delete or a run invalidates `all` (the list, the schedule, its runs). */
export const scheduleKeys = {
  all: ['admin', 'schedules'] as const,
  lists: () => [...scheduleKeys.all, 'list'] as const,
  list: (params: { limit: number; skip: number }) => [...scheduleKeys.lists(), params] as const,
  one: (id: number | undefined) => [...scheduleKeys.all, 'one', id] as const,
  jobs: () => [...scheduleKeys.all, 'jobs'] as const,
  runs: (id: number | undefined, params: { limit: number; skip: number }) => [...scheduleKeys.all, 'runs', id, params] as const,
};

/** Query keys of the pipelines (read only: the pages poll them). */
export const pipelineKeys = {
  all: ['admin', 'pipelines'] as const,
  list: () => pipelineKeys.all,
  stats: (name: string | undefined, periodMs: number) => [...pipelineKeys.all, name, 'stats', periodMs] as const,
};
/** Live pages refresh this often while open. */
export const PIPELINES_REFRESH_MS = 5000;

export function useSchedules(params: { limit: number; skip: number }) {
  return useQuery({
    queryKey: scheduleKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/schedules', { query: params, schema: ZScheduleList, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useSchedule(id: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.one(id),
    queryFn: ({ signal }) => apiRequest(`/schedules/${id}`, { schema: ZSchedule, signal }),
    enabled: id !== undefined,
  });
}

/** `GET /schedules/jobs`: the named jobs a schedule can run. */
export function useScheduleJobs() {
  return useQuery({
    queryKey: scheduleKeys.jobs(),
    queryFn: ({ signal }) => apiRequest('/schedules/jobs', { schema: ZScheduleJobList, signal }),
    staleTime: Infinity,
  });
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TScheduleBody }): Promise<TSchedule> =>
      apiRequest(id ? `/schedules/${id}` : '/schedules', { method: id ? 'PUT' : 'POST', json: body, schema: ZSchedule }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/schedules/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** `POST /schedules/{id}/run`: runs it now (in the request); answers the run. */
export function useRunSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/schedules/${id}/run`, { method: 'POST', schema: ZScheduleRun, emitHttpError: false }),
    onSettled: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useScheduleRuns(id: number | undefined, params: { limit: number; skip: number }) {
  return useQuery({
    queryKey: scheduleKeys.runs(id, params),
    queryFn: ({ signal }) => apiRequest(`/schedules/${id}/logs`, { query: params, schema: ZScheduleRunList, signal }),
    enabled: id !== undefined,
    placeholderData: (previous) => previous,
  });
}

export function usePipelines() {
  return useQuery({
    queryKey: pipelineKeys.list(),
    queryFn: ({ signal }) => apiRequest('/pipelines', { schema: ZPipelineList, signal }),
    refetchInterval: PIPELINES_REFRESH_MS,
  });
}

/** The stats of the last `periodMs` up to now (the window moves with each refresh). */
export function usePipelineStats(name: string | undefined, periodMs: number) {
  return useQuery({
    queryKey: pipelineKeys.stats(name, periodMs),
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - periodMs);
      return apiRequest(`/pipelines/${encodeURIComponent(name!)}/stats`, {
        query: { from: from.toISOString(), to: to.toISOString() },
        schema: ZPipelineStats,
        signal,
      });
    },
    enabled: name !== undefined,
    refetchInterval: PIPELINES_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}
