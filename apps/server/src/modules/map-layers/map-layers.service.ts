import type { TCreateMapLayerRequest, TMapLayer, TMapLayerList, TReorderMapLayersRequest, TUpdateMapLayerRequest } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { CONTENT_TYPES, cleanFileName, detectFileKind, EXTENSIONS } from '../../lib/file-signature.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import type { MasterConfigCache } from '../system/master-config.js';
import { presentMapLayer, type MapLayerRow } from './map-layers.presenter.js';
import { deleteLayer, findLayer, insertLayer, listLayers, nextSortOrder, updateLayer, type MapLayerInsert } from './map-layers.repository.js';
import { stationPoints } from './station-points.js';

const LAYER_NOT_FOUND = 'Map layer not found';
const STATIONS_SOURCE = 'A station layer is a GeoJSON or KML file or address';
const NO_STATIONS = 'The file has no stations: each station is a point with a name';

const auditFields = (l: Partial<MapLayerRow>) => ({
  name: l.name,
  kind: l.kind,
  source: l.source,
  url: l.url,
  layer_name: l.layerName,
  file_name: l.fileName,
  sort_order: l.sortOrder,
  visible: l.visible,
  opacity: l.opacity,
  attribution: l.attribution,
  min_zoom: l.minZoom,
  max_zoom: l.maxZoom,
});

/** Tile and service sources need an address; GeoJSON/KML need an address or an uploaded file; stations are GeoJSON/KML. */
function sourceErrors(l: {
  kind: string;
  source: string;
  url: string | null | undefined;
  fileKey?: string | null | undefined;
  minZoom?: number | null;
  maxZoom?: number | null;
}) {
  const errors: Record<string, string> = {};
  if (l.kind === 'stations' && l.source !== 'geojson' && l.source !== 'kml') errors.source = STATIONS_SOURCE;
  if (['xyz', 'wmts', 'wms'].includes(l.source) && !l.url) errors.url = 'Enter the address of the tile or map service';
  if (l.source === 'xyz' && l.url && !/\{z\}/.test(l.url)) errors.url = 'An XYZ address holds {z}, {x} and {y}';
  if (l.minZoom != null && l.maxZoom != null && l.minZoom > l.maxZoom) errors.max_zoom = 'The maximum zoom must not be below the minimum';
  return errors;
}

/**
 * Map layers (base maps, overlays and station layers, in order): in every user's configuration; managed with
 * ManageMapLayers. A GeoJSON/KML layer may be an uploaded file, served to signed-in users; the named points of a
 * `stations` layer's file are the configuration's `stations` (decision 021). Changes reload open clients' configuration.
 */
export class MapLayersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
    private readonly master: MasterConfigCache,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  private async load(id: number): Promise<MapLayerRow> {
    const row = await findLayer(this.db, id);
    if (!row) throw notFound(LAYER_NOT_FOUND);
    return row;
  }

  async list(): Promise<TMapLayerList> {
    const rows = await listLayers(this.db);
    return { records: rows.map(presentMapLayer), total_records: rows.length };
  }

  async get(id: number): Promise<TMapLayer> {
    return presentMapLayer(await this.load(id));
  }

  async create(actor: Actor, body: TCreateMapLayerRequest): Promise<TMapLayer> {
    const errors = sourceErrors({ kind: body.kind, source: body.source, url: body.url, minZoom: body.min_zoom, maxZoom: body.max_zoom });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const now = this.ctx.now();
    const values: MapLayerInsert = {
      name: body.name,
      kind: body.kind,
      source: body.source,
      url: body.url,
      layerName: body.layer_name,
      sortOrder: body.sort_order ?? (await nextSortOrder(this.db)),
      visible: body.visible,
      opacity: body.opacity,
      attribution: body.attribution,
      minZoom: body.min_zoom,
      maxZoom: body.max_zoom,
      createdAt: now,
      updatedAt: now,
    };
    const row = await this.db.transaction(async (tx) => {
      const l = await insertLayer(tx, values);
      await writeAudit(tx, actor, { action: 'map-layer.create', entityType: 'map_layer', entityId: l.layerId, after: auditFields(values) });
      return l;
    });
    await this.master.changed('map-layers');
    return presentMapLayer(row);
  }

  async update(actor: Actor, id: number, body: TUpdateMapLayerRequest): Promise<TMapLayer> {
    const l = await this.load(id);
    const next = {
      name: body.name ?? l.name,
      kind: body.kind ?? l.kind,
      source: body.source ?? l.source,
      url: body.url === undefined ? l.url : body.url,
      layerName: body.layer_name === undefined ? l.layerName : body.layer_name,
      sortOrder: body.sort_order ?? l.sortOrder,
      visible: body.visible ?? l.visible,
      opacity: body.opacity ?? l.opacity,
      attribution: body.attribution ?? l.attribution,
      minZoom: body.min_zoom === undefined ? l.minZoom : body.min_zoom,
      maxZoom: body.max_zoom === undefined ? l.maxZoom : body.max_zoom,
    };
    const errors = sourceErrors({ ...next, fileKey: l.fileKey });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    // A layer whose file becomes a station layer (or is read another way) must hold stations.
    if (next.kind === 'stations' && l.fileKey && (l.kind !== 'stations' || next.source !== l.source)) {
      const data = await this.storage.read(l.fileKey);
      if (!data || stationPoints(data, next.source === 'kml' ? 'kml' : 'geojson', 1).length === 0) throw badRequest({ kind: NO_STATIONS });
    }
    const diff = changedFields(auditFields(l), auditFields(next));
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateLayer(tx, id, { ...next, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'map-layer.update', entityType: 'map_layer', entityId: id, ...diff });
      });
      await this.master.changed('map-layers');
    }
    return this.get(id);
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const l = await this.load(id);
    await this.db.transaction(async (tx) => {
      await deleteLayer(tx, id);
      await writeAudit(tx, actor, { action: 'map-layer.delete', entityType: 'map_layer', entityId: id, before: auditFields(l) });
    });
    if (l.fileKey) await this.storage.remove(l.fileKey).catch((err: unknown) => this.ctx.log.warn({ err }, 'layer file not removed'));
    await this.master.changed('map-layers');
    return { ok: true };
  }

  /** New order: every layer id once, first drawn first. */
  async reorder(actor: Actor, body: TReorderMapLayersRequest): Promise<TMapLayerList> {
    const rows = await listLayers(this.db);
    const ids = rows.map((r) => r.layerId).sort((a, b) => a - b);
    const given = [...body.layer_ids].sort((a, b) => a - b);
    if (ids.length !== given.length || ids.some((id, i) => id !== given[i])) throw badRequest({ layer_ids: 'List every map layer once' });
    const before = rows.map((r) => r.layerId);
    if (before.some((id, i) => id !== body.layer_ids[i])) {
      await this.db.transaction(async (tx) => {
        for (const [i, id] of body.layer_ids.entries()) await updateLayer(tx, id, { sortOrder: i, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, {
          action: 'map-layer.reorder',
          entityType: 'map_layer',
          entityId: null,
          before: { layer_ids: before },
          after: { layer_ids: body.layer_ids },
        });
      });
      await this.master.changed('map-layers');
    }
    return this.list();
  }

  /** Uploads the GeoJSON or KML file of a `geojson`/`kml` layer (replacing any earlier file); a station layer's must hold stations. */
  async uploadFile(actor: Actor, id: number, file: { fileName: string; data: Buffer }): Promise<TMapLayer> {
    const l = await this.load(id);
    if (l.source !== 'geojson' && l.source !== 'kml') throw badRequest({ files: 'Only GeoJSON and KML layers take a file' });
    const kind = detectFileKind(file.data, [l.source]);
    if (!kind) throw badRequest({ files: l.source === 'kml' ? 'The file is not KML' : 'The file is not GeoJSON' });
    if (kind === 'geojson') {
      try {
        JSON.parse(file.data.toString('utf8'));
      } catch {
        throw badRequest({ files: 'The file is not valid GeoJSON' });
      }
    }
    if (l.kind === 'stations' && stationPoints(file.data, l.source === 'kml' ? 'kml' : 'geojson', 1).length === 0) throw badRequest({ files: NO_STATIONS });
    const key = randomKey('map-layers', EXTENSIONS[kind]);
    const fileName = cleanFileName(file.fileName, `layer.${EXTENSIONS[kind]}`);
    await this.storage.write(key, file.data);
    try {
      await this.db.transaction(async (tx) => {
        await updateLayer(tx, id, { fileKey: key, fileName, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, {
          action: 'map-layer.file',
          entityType: 'map_layer',
          entityId: id,
          before: { file_name: l.fileName },
          after: { file_name: fileName, size: file.data.length },
        });
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    if (l.fileKey) await this.storage.remove(l.fileKey).catch(() => undefined);
    await this.master.changed('map-layers');
    return this.get(id);
  }

  /**
   * A new overlay made from an uploaded GeoJSON or KML file (/upload/map, "drawings to base map"), named `name` or
   * after the file. `within` runs in the same transaction (the attachments module writes its upload history there).
   */
  async createFromFile(
    actor: Actor,
    input: { name?: string | undefined; fileName: string; data: Buffer },
    within?: (tx: Executor, layer: MapLayerRow, file: { fileName: string; kind: 'geojson' | 'kml'; size: number }) => Promise<void>,
  ): Promise<TMapLayer> {
    const kind = detectFileKind(input.data, ['geojson', 'kml']);
    if (kind !== 'geojson' && kind !== 'kml') throw badRequest({ files: 'A drawing for the base map must be a GeoJSON or KML file' });
    if (kind === 'geojson') {
      try {
        JSON.parse(input.data.toString('utf8'));
      } catch {
        throw badRequest({ files: 'The file is not valid GeoJSON' });
      }
    }
    const fileName = cleanFileName(input.fileName, `layer.${EXTENSIONS[kind]}`);
    const name = (input.name || fileName.replace(/\.[^.]*$/, '') || fileName).slice(0, 100);
    const key = randomKey('map-layers', EXTENSIONS[kind]);
    await this.storage.write(key, input.data);
    let row: MapLayerRow;
    try {
      const now = this.ctx.now();
      const values: MapLayerInsert = {
        name,
        kind: 'overlay',
        source: kind,
        fileKey: key,
        fileName,
        sortOrder: await nextSortOrder(this.db),
        createdAt: now,
        updatedAt: now,
      };
      row = await this.db.transaction(async (tx) => {
        const l = await insertLayer(tx, values);
        await writeAudit(tx, actor, {
          action: 'map-layer.create',
          entityType: 'map_layer',
          entityId: l.layerId,
          after: { ...auditFields(values), size: input.data.length },
        });
        await within?.(tx, l, { fileName, kind, size: input.data.length });
        return l;
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    await this.master.changed('map-layers');
    return presentMapLayer(row);
  }

  async file(id: number): Promise<{ fileName: string; contentType: string; data: Buffer }> {
    const l = await this.load(id);
    const data = l.fileKey ? await this.storage.read(l.fileKey) : undefined;
    if (!data || !l.fileName) throw notFound('This layer has no file');
    return { fileName: l.fileName, contentType: CONTENT_TYPES[l.source === 'kml' ? 'kml' : 'geojson'], data };
  }
}
