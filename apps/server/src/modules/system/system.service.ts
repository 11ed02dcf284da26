import { API_BASE, FREQUENCIES, INSTRUMENT_STATUSES, LIMITS, REPORT_TYPES, UPLOAD_TYPES, uploadLimitKey, type TAppInfo, type TConfig } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { BUILD } from './build-info.js';
import { MasterConfigCache } from './master-config.js';
import { visibleZones } from '../zones/zones.service.js';

/** Application info, configuration and health. */
export class SystemService {
  /** The deployment-wide master-data parts of the configuration, cached (app.ts passes the shared instance). */
  private master: MasterConfigCache;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {
    this.master = new MasterConfigCache(ctx);
  }

  /** Uses the master-data cache the master-data services invalidate (one per instance). */
  useMasterConfig(master: MasterConfigCache): void {
    this.master = master;
  }

  info(): TAppInfo {
    const { config } = this.ctx;
    return {
      name: config.appName,
      description: config.appDescription,
      version: BUILD.version,
      author: config.appAuthor ?? null,
      api_uri_base: API_BASE,
      meta: { login_logo_uri: '/logo.svg', toolbar_logo_uri: '/logo.svg' },
      build: BUILD,
      messages: [],
    };
  }

  /**
   * GET /config: settings, and master data (instrument types, reading codes, alert levels, map layers and the stations
   * of the `stations` layers: cached per instance, invalidated on change through the bus); `zones` are those of the
   * caller's contracts.
   */
  async config(actor?: Pick<Actor, 'userId' | 'userType'>): Promise<TConfig> {
    const [s, master, zones] = await Promise.all([
      this.settings.get(),
      this.master.get(),
      actor ? visibleZones(this.ctx.db.orm, scopeOf(actor)) : Promise.resolve([]),
    ]);
    // Every upload type's limit, flat: `<type>_max_upload` (its own setting, else general_max_upload).
    const uploadLimits = Object.fromEntries(
      UPLOAD_TYPES.map((t) => {
        const own = (s as unknown as Record<string, unknown>)[uploadLimitKey(t)];
        return [uploadLimitKey(t), typeof own === 'number' ? own : s.general_max_upload];
      }),
    );
    return {
      ...master,
      statuses: INSTRUMENT_STATUSES.map((x) => ({ ...x })),
      frequencies: FREQUENCIES.map((f) => ({ ...f })),
      criteria: [],
      settings: {
        report_range_num: s.report_range_num,
        report_range_period: s.report_range_period,
        general_max_upload: s.general_max_upload,
        ...uploadLimits,
        password_min_length: s.password_min_length,
        tfa_required: s.tfa_required,
        /** The location search may ask the online geocoder (GET /geocode). */
        geocoder: s.geocoder_url !== null,
      },
      build: BUILD,
      messages: [],
      extra: {},
      report_types: REPORT_TYPES.map((t) => ({ ...t })),
      zones: zones.map((z) => ({ zone_id: z.zoneId, name: z.name, contract_id: z.contractId, is_report: z.isReport })),
      tile_server: s.tile_server,
      map_bounds: s.map_bounds,
      session_age: Math.round(s.session_idle_minutes * 60_000 * 1e6),
      timezone: s.timezone,
      request_parameter_limit: s.request_parameter_limit ?? LIMITS.requestParameterLimit,
      chart: { instrument_detail_limit: s.chart_instrument_detail_limit },
      map_key: s.map_key,
      tbm: { base_uri: s.tbm_base_uri, token: s.tbm_token },
    };
  }

  /** True when the database answers within the time given. */
  async ready(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const probe = this.ctx.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
