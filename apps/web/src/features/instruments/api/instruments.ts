import {
  ZInstrument,
  ZInstrumentList,
  ZInstrumentThresholds,
  ZOk,
  type TCreateInstrumentRequest,
  type TInstrument,
  type TSetThresholdsRequest,
  type TUpdateInstrumentRequest,
} from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instrumentKeys } from './keys';

/** The list filters of Instrument Management, as `GET /instruments` takes them. */
export interface InstrumentFilter {
  keyword?: string;
  contract_id?: number;
  /** A type code. */
  type?: string;
  zone_id?: number;
  status?: string;
}

export interface InstrumentListParams extends InstrumentFilter {
  limit: number;
  skip: number;
}

/** `GET /instruments`: one server page (thousands of instruments per contract). */
export function useInstruments(params: InstrumentListParams) {
  return useQuery({
    queryKey: instrumentKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/instruments', { query: { ...params }, schema: ZInstrumentList, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useInstrument(id: number | undefined) {
  return useQuery({
    queryKey: instrumentKeys.one(id),
    queryFn: ({ signal }) => apiRequest(`/instruments/${id}`, { schema: ZInstrument, signal }),
    enabled: id !== undefined,
  });
}

type SaveInstrument = { id?: undefined; body: TCreateInstrumentRequest } | { id: number; body: TUpdateInstrumentRequest };

/** Create (no id) or edit an instrument; the form shows the server's field errors itself. */
export function useSaveInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveInstrument): Promise<TInstrument> =>
      apiRequest(id ? `/instruments/${id}` : '/instruments', {
        method: id ? 'PUT' : 'POST',
        json: body,
        schema: ZInstrument,
        emitHttpError: false,
      }),
    onSuccess: (saved) => {
      client.setQueryData(instrumentKeys.one(saved.instrument_id), saved);
      return client.invalidateQueries({ queryKey: instrumentKeys.lists() });
    },
  });
}

export function useDeleteInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/instruments/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: (_ok, id) => {
      client.removeQueries({ queryKey: instrumentKeys.one(id) });
      return client.invalidateQueries({ queryKey: instrumentKeys.lists() });
    },
  });
}

/** `GET /instruments/{id}/thresholds`: per reading code and level, upper and/or lower. */
export function useThresholds(id: number | undefined) {
  return useQuery({
    queryKey: instrumentKeys.thresholds(id),
    queryFn: ({ signal }) => apiRequest(`/instruments/${id}/thresholds`, { schema: ZInstrumentThresholds, signal }),
    enabled: id !== undefined,
  });
}

/** `PUT /instruments/{id}/thresholds`: the whole set (audited by the server). */
export function useSaveThresholds(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetThresholdsRequest) =>
      apiRequest(`/instruments/${id}/thresholds`, { method: 'PUT', json: body, schema: ZInstrumentThresholds, emitHttpError: false }),
    onSuccess: (saved) => client.setQueryData(instrumentKeys.thresholds(id), saved),
  });
}
