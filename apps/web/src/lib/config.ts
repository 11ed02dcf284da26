import { DEFAULT_TIMEZONE, ZConfig, type TConfig } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { setDisplayTimeZone } from './display-time';
import { useSystemState } from './system-store';

/** GET /config: master data and settings for signed-in pages (the TBM address, session age, map …). */
export async function getConfig(): Promise<TConfig> {
  const config = await apiRequest('/config', { schema: ZConfig });
  setDisplayTimeZone(config.timezone); // every time shown from now on (lib/display-time)
  return config;
}

/**
 * The configuration's key. A live `settingUpdated` invalidates it and everything under it (the System Settings page's
 * own query sits below it); a saved zone or map drawing invalidates it too (the configuration lists zones and layers).
 */
export const CONFIG_QUERY_KEY = ['config'] as const;

export function getConfigQueryOptions() {
  return queryOptions({ queryKey: CONFIG_QUERY_KEY, queryFn: getConfig, staleTime: Infinity });
}

/** The configuration, once the session is synced (features read it here; it is cached for the session). */
export function useConfig() {
  const sync = useSystemState((state) => state.sync);
  return useQuery({ ...getConfigQueryOptions(), enabled: sync });
}

/** A numeric setting of the configuration (`password_min_length` …), or undefined. */
export function numericSetting(config: TConfig | undefined, name: string): number | undefined {
  const value = config?.settings[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The configured time zone (system setting `timezone`; Asia/Singapore until the configuration is loaded). */
export function useTimezone(): string {
  return useConfig().data?.timezone ?? DEFAULT_TIMEZONE;
}
