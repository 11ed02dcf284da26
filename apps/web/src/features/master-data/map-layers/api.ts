import { ZMapLayer, ZMapLayerList, ZOk, type TCreateMapLayerRequest, type TMapLayer, type TMapLayerList, type TUpdateMapLayerRequest } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendFiles } from '../../../components/upload-button';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the map layers: one list, every layer in drawing order; each change invalidates or rewrites it. */
export const mapLayerKeys = {
  all: ['master-data', 'map-layers'] as const,
  list: () => mapLayerKeys.all,
};

/** `GET /master-data/map-layers` (ManageMapLayers): every layer, in drawing order. */
export function useMapLayers() {
  return useQuery({
    queryKey: mapLayerKeys.list(),
    queryFn: ({ signal }) => apiRequest('/master-data/map-layers', { schema: ZMapLayerList, signal }),
  });
}

/** Create (no id) or edit a layer. The form shows the errors. */
export function useSaveMapLayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TCreateMapLayerRequest | TUpdateMapLayerRequest }): Promise<TMapLayer> =>
      apiRequest(id ? `/master-data/map-layers/${id}` : '/master-data/map-layers', {
        method: id ? 'PUT' : 'POST',
        json: body,
        schema: ZMapLayer,
        emitHttpError: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: mapLayerKeys.all }),
  });
}

/** `POST /master-data/map-layers/{id}/file`: the GeoJSON or KML file of a layer (upload type map). */
export function useUploadLayerFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }): Promise<TMapLayer> =>
      ZMapLayer.parse(await sendFiles({ path: `/master-data/map-layers/${id}/file`, files: [file], emitHttpError: false })),
    onSuccess: () => client.invalidateQueries({ queryKey: mapLayerKeys.all }),
  });
}

export function useDeleteMapLayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/master-data/map-layers/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: mapLayerKeys.all }),
  });
}

/** `PUT /master-data/map-layers/order` with every id in the new order; the list shows the new order at once. */
export function useReorderMapLayers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest('/master-data/map-layers/order', { method: 'PUT', json: { layer_ids: ids }, schema: ZMapLayerList, emitHttpError: false }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: mapLayerKeys.list() });
      const previous = client.getQueryData<TMapLayerList>(mapLayerKeys.list());
      if (previous) {
        const byId = new Map(previous.records.map((layer) => [layer.layer_id, layer]));
        const records = ids.flatMap((id, i) => {
          const layer = byId.get(id);
          return layer ? [{ ...layer, sort_order: i }] : [];
        });
        client.setQueryData<TMapLayerList>(mapLayerKeys.list(), { ...previous, records });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(mapLayerKeys.list(), context.previous);
    },
    onSuccess: (list) => client.setQueryData(mapLayerKeys.list(), list),
  });
}
