import { MAX_STATION_POINTS, type TConfig, type TStation } from '@strata/shared';
import type { AppContext } from '../../context.js';
import type { Storage } from '../../platform/storage.js';
import { presentMapLayer, type MapLayerRow } from '../map-layers/map-layers.presenter.js';
import { stationPoints } from '../map-layers/station-points.js';
import { publishSettingUpdated } from '../realtime/realtime.publish.js';
import { readMasterConfig } from './master-config.repository.js';

/** Bus channel: a master-data change; every instance drops its cached configuration parts. */
export const MASTER_DATA_CHANNEL = 'master_data';

export type MasterConfigParts = Pick<TConfig, 'instruments' | 'readings' | 'thresholds' | 'map_layers' | 'stations'>;

/**
 * The deployment-wide parts of `GET /config` (instrument types, reading codes, alert levels, map layers, and the
 * stations read from the files of the `stations` layers), cached per instance. A service that changes master data calls `changed()` after commit: this instance's cache goes at once
 * (so the next read sees the change), the others' through the bus, and every open client is told to reload its
 * configuration (`settingUpdated`).
 */
export class MasterConfigCache {
  private cache: Promise<MasterConfigParts> | undefined;

  /** `storage` holds the map layers' files; without it `stations` is empty. */
  constructor(
    private readonly ctx: AppContext,
    private readonly storage?: Storage,
  ) {}

  async start(): Promise<void> {
    await this.ctx.bus.subscribe(MASTER_DATA_CHANNEL, () => this.invalidate());
  }

  invalidate(): void {
    this.cache = undefined;
  }

  get(): Promise<MasterConfigParts> {
    this.cache ??= this.load().catch((err: unknown) => {
      this.cache = undefined;
      throw err;
    });
    return this.cache;
  }

  /** After a committed change of master data the configuration carries. Never throws (the change is committed). */
  async changed(what: string): Promise<void> {
    this.invalidate();
    try {
      await this.ctx.bus.publish(MASTER_DATA_CHANNEL, { what });
      await publishSettingUpdated(this.ctx.bus);
    } catch (err) {
      this.ctx.log.warn({ err, what }, 'master-data change publish failed');
    }
  }

  private async load(): Promise<MasterConfigParts> {
    const { types, codes, levels, layers } = await readMasterConfig(this.ctx.db.orm);
    return {
      instruments: types.map(({ type: t, category }) => ({
        code: t.code,
        name: t.name,
        lta_code: t.ltaCode,
        category,
        icon: t.icon,
        icon_color: t.iconColor,
        has_depth: t.hasDepth,
      })),
      readings: codes.map(({ code: c, typeCode }) => ({
        code: c.code,
        description: c.description,
        is_result: c.isResult,
        precision: c.precision,
        type_code: typeCode,
        unit: c.unit,
      })),
      thresholds: levels.map((l) => ({ code: l.code, name: l.name, color: l.color, severity: l.severity })),
      map_layers: layers.map(presentMapLayer),
      stations: await this.loadStations(layers),
    };
  }

  /**
   * The named points of the `stations` layers' uploaded files, in layer order, at most MAX_STATION_POINTS in all. A
   * file that is missing or unreadable gives no stations (and a warning in the log), never a failed configuration.
   */
  private async loadStations(layers: readonly MapLayerRow[]): Promise<TStation[]> {
    const out: TStation[] = [];
    if (!this.storage) return out;
    for (const layer of layers) {
      if (layer.kind !== 'stations' || !layer.fileKey || out.length >= MAX_STATION_POINTS) continue;
      try {
        const data = await this.storage.read(layer.fileKey);
        if (!data) {
          this.ctx.log.warn({ layerId: layer.layerId }, 'station layer file missing');
          continue;
        }
        const format = layer.source === 'kml' ? 'kml' : 'geojson';
        for (const p of stationPoints(data, format, MAX_STATION_POINTS - out.length)) out.push({ ...p, layer_id: layer.layerId });
      } catch (err) {
        this.ctx.log.warn({ err, layerId: layer.layerId }, 'station layer file not read');
      }
    }
    return out;
  }
}
