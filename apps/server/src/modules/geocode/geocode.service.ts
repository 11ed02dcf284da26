import { wgs84ToSvy21, type TGeocodePlace, type TGeocodeResult } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { HttpError, tooManyRequests } from '../../lib/errors.js';
import { safeError } from '../../platform/safe-error.js';
import type { SettingsService } from '../settings/settings.service.js';

const TIMEOUT_MS = 5000;
const MAX_PLACES = 10;
const MAX_BODY_BYTES = 1_000_000;
/** Searches per user per minute: the geocoder is someone else's service (OneMap allows 250 per minute in all). */
export const GEOCODE_PER_MINUTE = 30;

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' && v.trim() !== 'NIL' ? v.trim() : undefined);

function place(label: string | undefined, postal: string | undefined, lat: number | undefined, lon: number | undefined): TGeocodePlace | undefined {
  if (!label || lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  const { easting, northing } = wgs84ToSvy21(lat, lon);
  return { label, postal_code: postal ?? null, lat, lon, easting: Math.round(easting * 1000) / 1000, northing: Math.round(northing * 1000) / 1000 };
}

/**
 * Places from a geocoder's JSON answer. Two shapes are read: OneMap's search (`{results: [{ADDRESS, POSTAL,
 * LATITUDE, LONGITUDE}]}`, Singapore's national geocoder) and Nominatim's (`[{display_name, lat, lon, address:
 * {postcode}}]`). Anything else gives no places.
 */
export function parseGeocoderAnswer(body: unknown): TGeocodePlace[] {
  const out: TGeocodePlace[] = [];
  if (body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)) {
    for (const r of (body as { results: Record<string, unknown>[] }).results) {
      const p = place(text(r.ADDRESS) ?? text(r.SEARCHVAL), text(r.POSTAL), num(r.LATITUDE), num(r.LONGITUDE));
      if (p) out.push(p);
    }
  } else if (Array.isArray(body)) {
    for (const r of body as Record<string, unknown>[]) {
      const address = r.address && typeof r.address === 'object' ? (r.address as Record<string, unknown>) : {};
      const p = place(text(r.display_name), text(address.postcode), num(r.lat), num(r.lon));
      if (p) out.push(p);
    }
  }
  return out.slice(0, MAX_PLACES);
}

/** The online geocoder of the location search, asked by the server so the browser talks only to Strata. */
export class GeocodeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {}

  private readonly recent = new Map<number, number[]>();

  async search(userId: number, query: string): Promise<TGeocodeResult> {
    this.throttle(userId);
    const template = (await this.settings.get()).geocoder_url;
    if (!template) throw new HttpError(404, 'No geocoder is configured');
    const url = template.replaceAll('{query}', encodeURIComponent(query));
    let body: unknown;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' }, redirect: 'error' });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const raw = await res.text();
      if (raw.length > MAX_BODY_BYTES) throw new Error('geocoder answer too large');
      body = JSON.parse(raw);
    } catch (err) {
      // The address is the administrator's setting; the query is the user's: neither goes to the log.
      this.ctx.log.warn({ err: safeError(err) }, 'geocode: the geocoder did not answer');
      throw new HttpError(502, 'The geocoder did not answer; search by name or coordinates instead');
    }
    return { records: parseGeocoderAnswer(body) };
  }

  /** At most GEOCODE_PER_MINUTE searches per user in any minute (per instance). */
  private throttle(userId: number): void {
    const now = this.ctx.now().getTime();
    const times = (this.recent.get(userId) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= GEOCODE_PER_MINUTE) throw tooManyRequests(Math.ceil((times[0]! + 60_000 - now) / 1000));
    times.push(now);
    this.recent.set(userId, times);
    if (this.recent.size > 10_000) this.recent.clear();
  }
}
