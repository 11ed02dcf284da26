import { ZSystemSettings, type TSystemSettings } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { readAllSettings } from './settings.repository.js';

/** What other modules use of this module's data (master settings): they reach it through this service, not the repository. */
export { writeSetting } from './settings.repository.js';

export const SETTINGS_CHANNEL = 'settings';

/**
 * System settings: stored values over defaults (the environment's session age is the default idle age).
 * Cached per instance; any instance that changes a setting publishes on the bus and every instance drops its cache.
 */
export class SettingsService {
  private cache: Promise<TSystemSettings> | undefined;

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    await this.ctx.bus.subscribe(SETTINGS_CHANNEL, () => this.invalidate());
  }

  invalidate(): void {
    this.cache = undefined;
  }

  get(): Promise<TSystemSettings> {
    this.cache ??= this.load().catch((err: unknown) => {
      this.cache = undefined;
      throw err;
    });
    return this.cache;
  }

  async idleMs(): Promise<number> {
    return Math.round((await this.get()).session_idle_minutes * 60_000);
  }

  /**
   * The stored settings over their defaults. A stored value its schema no longer accepts (written before a check
   * existed, e.g. an unknown time zone) is left out, so its default applies, and a warning names it: one bad row
   * must not fail every request that reads the settings.
   */
  private async load(): Promise<TSystemSettings> {
    const stored = await readAllSettings(this.ctx.db.orm);
    const defaults = { session_idle_minutes: this.ctx.config.session.idleMs / 60_000 };
    const parsed = ZSystemSettings.safeParse({ ...defaults, ...stored });
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    this.ctx.log.warn({ keys: [...bad] }, 'stored settings that fail their schema are ignored');
    return ZSystemSettings.parse({ ...defaults, ...Object.fromEntries(Object.entries(stored).filter(([key]) => !bad.has(key))) });
  }
}
