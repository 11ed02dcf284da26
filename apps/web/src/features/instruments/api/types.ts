import {
  ZInstrumentCategory,
  ZInstrumentCategoryList,
  ZInstrumentIcons,
  ZInstrumentType,
  ZInstrumentTypeList,
  ZOk,
  ZReadingCode,
  type ZCreateInstrumentTypeRequest,
  type TInstrumentCategoryBody,
  type TInstrumentIconRequest,
  type TInstrumentType,
  type TReadingCodeBody,
  type TReadingCodeUpdate,
  type TUpdateInstrumentTypeRequest,
} from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { instrumentKeys } from './keys';

/** `GET /instrument-types`: every type with its reading codes and instrument count. */
export function useInstrumentTypes() {
  return useQuery({
    queryKey: instrumentKeys.types(),
    queryFn: ({ signal }) => apiRequest('/instrument-types', { schema: ZInstrumentTypeList, signal }),
    select: (data) => [...data.records].sort((a, b) => a.code.localeCompare(b.code)),
  });
}

export function useInstrumentType(id: number | undefined) {
  return useQuery({
    queryKey: instrumentKeys.type(id),
    queryFn: ({ signal }) => apiRequest(`/instrument-types/${id}`, { schema: ZInstrumentType, signal }),
    enabled: id !== undefined,
  });
}

/** Types, categories and icons change together on the server: refresh them all (and the instruments' type names). */
function invalidateMasterData(client: ReturnType<typeof useQueryClient>) {
  return client.invalidateQueries({ queryKey: instrumentKeys.all });
}

export const typeCalls = {
  /** Fields with a default (icon colour …) may be left out. */
  create: (body: z.input<typeof ZCreateInstrumentTypeRequest>) =>
    apiRequest('/instrument-types', { method: 'POST', json: body, schema: ZInstrumentType, emitHttpError: false }),
  update: (id: number, body: TUpdateInstrumentTypeRequest) =>
    apiRequest(`/instrument-types/${id}`, { method: 'PUT', json: body, schema: ZInstrumentType, emitHttpError: false }),
  addReadingCode: (typeId: number, body: TReadingCodeBody) =>
    apiRequest(`/instrument-types/${typeId}/reading-codes`, { method: 'POST', json: body, schema: ZReadingCode, emitHttpError: false }),
  updateReadingCode: (id: number, body: TReadingCodeUpdate) =>
    apiRequest(`/reading-codes/${id}`, { method: 'PUT', json: body, schema: ZReadingCode, emitHttpError: false }),
  deleteReadingCode: (id: number) => apiRequest(`/reading-codes/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
  get: (id: number) => apiRequest(`/instrument-types/${id}`, { schema: ZInstrumentType }),
};

/** Runs a save of a type (several calls) and refreshes what it changed, whether it ended well or not. */
export function useSaveInstrumentType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: () => Promise<TInstrumentType>) => save(),
    onSuccess: (saved) => client.setQueryData(instrumentKeys.type(saved.type_id), saved),
    onSettled: () => invalidateMasterData(client),
  });
}

/** `DELETE /instrument-types/{id}`: 409 while instruments are of the type (the message says how many). */
export function useDeleteInstrumentType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/instrument-types/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => invalidateMasterData(client),
  });
}

// ---- categories ----
export function useCategories() {
  return useQuery({
    queryKey: instrumentKeys.categories(),
    queryFn: ({ signal }) => apiRequest('/instrument-categories', { schema: ZInstrumentCategoryList, signal }),
    select: (data) => [...data.records].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TInstrumentCategoryBody }) =>
      apiRequest(id ? `/instrument-categories/${id}` : '/instrument-categories', {
        method: id ? 'PUT' : 'POST',
        json: body,
        schema: ZInstrumentCategory,
        emitHttpError: false,
      }),
    onSuccess: () => invalidateMasterData(client),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/instrument-categories/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => invalidateMasterData(client),
  });
}

// ---- icons ----
/** `GET /master-data/icons`: the built-in icons, each type's icon and the level colours. */
export function useInstrumentIcons() {
  return useQuery({
    queryKey: instrumentKeys.icons(),
    queryFn: ({ signal }) => apiRequest('/master-data/icons', { schema: ZInstrumentIcons, signal }),
  });
}

export function useSetIcon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ typeCode, body }: { typeCode: string; body: TInstrumentIconRequest }) =>
      apiRequest(`/master-data/icons/${encodeURIComponent(typeCode)}`, { method: 'PUT', json: body, schema: ZInstrumentIcons, emitHttpError: false }),
    onSuccess: (icons) => {
      client.setQueryData(instrumentKeys.icons(), icons);
      return invalidateMasterData(client);
    },
  });
}
