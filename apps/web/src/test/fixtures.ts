import {
  DEFAULT_PREFERENCES,
  STORAGE_KEYS,
  type TAlert,
  type TAppInfo,
  type TConfig,
  type TInstrument,
  type TLoginResponse,
  type TMapLayer,
  type TPreferences,
  type TSyncResponse,
} from '@strata/shared';
import { sessionStore } from '../lib/auth-store';
import { systemStore } from '../lib/system-store';

export function loginResponse(overrides: Partial<TLoginResponse> = {}): TLoginResponse {
  return {
    access_token: 'access-1',
    user_name: 'alice.tan',
    resource_token: 'resource-1',
    tfa_enabled: false,
    password_expired: false,
    last_url: null,
    ...overrides,
  };
}

export function syncResponse(overrides: Partial<TSyncResponse> = {}): TSyncResponse {
  return {
    profile: {
      user_id: 7,
      login_name: 'alice.tan',
      fullname: 'Alice Tan',
      email: 'alice.tan@example.com',
      user_type: 1,
      role_id: 3,
      role_name: 'Site Engineer',
      unread_notifications: 0,
      tfa_enabled: false,
      description: null,
      pic_uri: null,
    },
    permissions: ['SearchUsers'],
    contracts: {
      records: [
        { contract_id: 11, no: 'C101', title: 'Orchard Station', active: true, easting: null, northing: null, type: 4 },
        { contract_id: 12, no: 'C102', title: 'Marina Tunnel', active: false, easting: null, northing: null, type: 2 },
      ],
      last_filtered: [11],
    },
    tfa_config: false,
    ...overrides,
  };
}

export function preferences(overrides: Partial<TPreferences> = {}): TPreferences {
  return { ...DEFAULT_PREFERENCES, ...overrides };
}

export function appInfo(overrides: Partial<TAppInfo> = {}): TAppInfo {
  return {
    name: 'Strata',
    description: 'Strata Monitoring',
    version: '0.1.0',
    author: null,
    api_uri_base: '/api/v1',
    meta: { login_logo_uri: '', toolbar_logo_uri: '' },
    build: { version: '0.1.0', commit: 'abc', built_at: '2026-01-01T00:00:00Z' },
    messages: [],
    ...overrides,
  };
}

/** A stored credential, as after a sign-in in an earlier visit (not synced yet). */
export function storeTestCredential(token = 'access-1'): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.resourceToken, 'resource-1');
  localStorage.setItem(STORAGE_KEYS.user, 'alice.tan');
  sessionStore.reset();
  systemStore.reset();
}

/** GET /config with empty master data; `session_age` in nanoseconds (30 minutes unless given). */
export function configResponse(overrides: Partial<TConfig> = {}): TConfig {
  return {
    instruments: [],
    readings: [],
    thresholds: [],
    statuses: [],
    frequencies: [],
    map_layers: [],
    stations: [],
    criteria: [],
    settings: { password_min_length: 8, tfa_required: false, general_max_upload: 10_000_000 },
    build: { version: '0.1.0', commit: 'abc', built_at: '2026-01-01T00:00:00Z' },
    messages: [],
    extra: {},
    report_types: [],
    zones: [],
    tile_server: null,
    map_bounds: null,
    session_age: 30 * 60_000 * 1e6,
    timezone: 'Asia/Singapore',
    request_parameter_limit: 512,
    chart: { instrument_detail_limit: 50_000 },
    map_key: null,
    tbm: { base_uri: null, token: null },
    ...overrides,
  };
}

/** Instrument 101, SM-1023, a settlement marker of contract C101 (11) in zone 21; the features' fixtures start here. */
export function instrumentFixture(overrides: Partial<TInstrument> = {}): TInstrument {
  return {
    instrument_id: 101,
    name: 'SM-1023',
    type_code: 'SM',
    type_name: 'Settlement Marker',
    contract_id: 11,
    contract_no: 'C101',
    zone_id: 21,
    zone_name: 'Station Box',
    easting: 30350.5,
    northing: 28620.2,
    latitude: 1.27,
    longitude: 103.85,
    level: 15.2,
    install_date: '2026-01-15',
    status: 'active',
    frequency: 'daily',
    lta_code: null,
    remarks: null,
    baseline_date: null,
    baseline_remarks: null,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** Alert 5 of contract C101 (11): SM-1023 DSPA at WSL, open (the alerts and the action log's tests). */
export function alertFixture(overrides: Partial<TAlert> = {}): TAlert {
  return {
    alert_id: 5,
    contract_id: 11,
    contract_no: 'C101',
    kind: 'breached',
    status: 'open',
    level_code: 'WSL',
    level_name: 'Work Suspension Level',
    level_color: '#8b0000',
    severity: 4,
    instrument_id: 21,
    instrument_name: 'SM-1023',
    type_code: 'SM',
    type_name: 'Settlement Marker',
    series_id: 301,
    reading_code: 'DSPA',
    depth: null,
    unit: 'mm',
    group_id: null,
    group_name: null,
    scenario_id: null,
    scenario_name: null,
    message: 'SM-1023 DSPA -31.2 mm passed WSL',
    message_key: 'alert.breached',
    message_params: { what: 'SM-1023 DSPA', value: '-31.2 mm', level: 'WSL' },
    opened_at: '2026-11-20T01:00:00.000Z',
    last_triggered_at: '2026-11-21T01:00:00.000Z',
    reading_at: '2026-11-21T01:00:00.000Z',
    first_value: -21.5,
    latest_value: -31.2,
    peak_value: -31.2,
    trigger_count: 2,
    closed_at: null,
    closed_by: null,
    close_reason: null,
    ...overrides,
  };
}

/** A map layer (an XYZ base map unless overridden); `sort_order` follows `layer_id` unless given. */
export function mapLayerFixture(overrides: Partial<TMapLayer> = {}): TMapLayer {
  const layerId = overrides.layer_id ?? 1;
  return {
    layer_id: layerId,
    name: `Layer ${layerId}`,
    kind: 'base',
    source: 'xyz',
    url: 'https://tile.example.org/{z}/{x}/{y}.png',
    layer_name: null,
    file_name: null,
    file_url: null,
    sort_order: layerId,
    visible: true,
    opacity: 1,
    attribution: '',
    min_zoom: null,
    max_zoom: null,
    ...overrides,
  };
}
