import {
  DEFAULT_RISK_RATING,
  ZRiskRating,
  ZSystemSettings,
  type TRiskRating,
  type TRiskRatingResponse,
  type TSystemSettings,
  type TSystemSettingsUpdate,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, invalidFields } from '../../lib/errors.js';
import { isoOrNull } from '../../lib/filters.js';
import { writeAudit } from '../../platform/audit.js';
import { publishSettingUpdated } from '../realtime/realtime.publish.js';
import { SETTINGS_CHANNEL, type SettingsService, writeSetting } from '../settings/settings.service.js';
import { alertLevelCodes, writeRiskRating, readRiskRating } from './master-settings.repository.js';

/** What other modules use of this module's data (the alerts' risk rating): they reach it through this service, not the repository. */
export { readRiskRating } from './master-settings.repository.js';

/** Settings whose values never reach an audit row (the audit already hides names with token/secret/password). */
const SECRET_SETTINGS = new Set(['map_key', 'tbm_token']);

const redact = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, SECRET_SETTINGS.has(k) && v != null ? '[redacted]' : v]));

/**
 * System settings editing (ManageSystemSettings) and the risk rating settings (ManageRiskRatingSettings).
 * Saving settings writes only the keys that changed, audits them (secrets redacted), drops every instance's settings
 * cache (bus) and tells every open client to reload its configuration (`settingUpdated`).
 */
export class MasterSettingsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {}

  get(): Promise<TSystemSettings> {
    return this.settings.get();
  }

  async update(actor: Actor, body: TSystemSettingsUpdate): Promise<TSystemSettings> {
    const current = await this.settings.get();
    const parsed = ZSystemSettings.safeParse({ ...current, ...body });
    if (!parsed.success) {
      throw invalidFields(parsed.error.issues);
    }
    const next = parsed.data;
    const b = next.map_bounds;
    if (b && (b[0]! >= b[2]! || b[1]! >= b[3]!)) throw badRequest({ map_bounds: 'Give the bounds as min easting, min northing, max easting, max northing' });
    const changed = (Object.keys(body) as (keyof TSystemSettings)[]).filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]));
    if (changed.length === 0) return current;
    const before = Object.fromEntries(changed.map((k) => [k, current[k]]));
    const after = Object.fromEntries(changed.map((k) => [k, next[k]]));
    await this.ctx.db.orm.transaction(async (tx) => {
      for (const k of changed) await writeSetting(tx, k, next[k]);
      await writeAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, before: redact(before), after: redact(after) });
    });
    // This instance at once (the next read sees the change); the others through the bus; then the open clients.
    this.settings.invalidate();
    try {
      await this.ctx.bus.publish(SETTINGS_CHANNEL, { keys: changed });
      await publishSettingUpdated(this.ctx.bus, 'System settings updated');
    } catch (err) {
      this.ctx.log.warn({ err }, 'settings publish failed');
    }
    return this.settings.get();
  }

  // ---- risk rating ----
  async riskRating(): Promise<TRiskRatingResponse> {
    const row = await readRiskRating(this.ctx.db.orm);
    const stored = row ? ZRiskRating.safeParse(row.value) : undefined;
    const value = stored?.success ? stored.data : DEFAULT_RISK_RATING;
    return { ...value, updated: isoOrNull(row?.updatedAt), updated_by: row?.updatedBy ?? null };
  }

  async setRiskRating(actor: Actor, body: TRiskRating): Promise<TRiskRatingResponse> {
    const levels = new Set(await alertLevelCodes(this.ctx.db.orm));
    const errors: Record<string, string> = {};
    for (const code of Object.keys(body.level_weights)) if (!levels.has(code)) errors[`level_weights.${code}`] = `Unknown alert level ${code}`;
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const before = await this.riskRating();
    await this.ctx.db.orm.transaction(async (tx) => {
      await writeRiskRating(tx, body, actor.userId, this.ctx.now());
      await writeAudit(tx, actor, {
        action: 'risk-rating.update',
        entityType: 'risk_rating',
        entityId: 1,
        before: { level_weights: before.level_weights, count_bands: before.count_bands, thresholds: before.thresholds },
        after: { ...body },
      });
    });
    return this.riskRating();
  }
}
