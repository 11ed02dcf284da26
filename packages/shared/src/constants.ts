/** Business constants from the specification, named. Values are verbatim from the spec's §9 sections. */

export const API_BASE = '/api/v1';

export const USER_TYPE = { Authority: 0, Contractor: 1, AppAdmin: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const USER_TYPE_LABELS: Record<UserType, string> = {
  0: 'Authority',
  1: 'Contractor',
  2: 'Application Admin',
};

export const USER_STATUS = ['active', 'pending', 'suspended', 'terminated'] as const;
export type UserStatus = (typeof USER_STATUS)[number];

/** Contract type bit values: a contract may carry several (`type & CONTRACT_TYPE.Civil`). */
export const CONTRACT_TYPE = { IM: 2, Civil: 4, SI: 8 } as const;

/** Local-storage keys of the stored credential. */
export const STORAGE_KEYS = {
  token: 'auth_token',
  resourceToken: 'resource_token',
  user: 'auth_user',
  idleStart: 'idle_start',
  chunkRetry: 'chunk_retry_count',
  reportId: 'report_id',
  exportJobId: 'export_job_id',
} as const;

export const CSRF_HEADER = 'x-csrf-token';

export const LIMITS = {
  maxIdleMs: 1_800_000,
  logoutCountdownMs: 15_000,
  idleThrottleMs: 500,
  lastUrlDebounceMs: 500,
  shellPageSize: 100,
  listPageSize: 20,
  visiblePageButtons: 5,
  requestParameterLimit: 512,
  chartInstrumentDetailLimit: 50_000,
  toastTimeoutMs: 3000,
  toastLinkTimeoutMs: 7000,
  toastReopenDelayMs: 1000,
  tablePageOptions: [5, 10, 25, 50] as const,
  chunkLoadTimeoutMs: 10_000,
  retryBackoffMinMs: 1000,
  retryBackoffMaxMs: 60_000,
  retryBackoffMultiplier: 2,
  relativeTimeMaxDays: 7,
  maxUploadBytes: 10_000_000,
  dialogMaxWidth: 290,
  drawerWidth: 300,
  miniDrawerWidth: 82,
  routingFlagClearMs: 200,
  wsReconnectMs: 5000,
  wsUnauthorizedCode: 4401,
  readMoreLength: 180,
  textAvatarMaxChars: 3,
  readingPrecision: 2,
  contractOverflowMaxHeight: 220,
  /** A form focuses its first field this long after it appears (spec §9 "Input focus delay"). */
  inputFocusDelayMs: 100,
} as const;

/** Toolbar contract buttons by breakpoint. */
export const CONTRACT_BUTTONS = { xs: 0, sm: 4, md: 6, lg: 6, xl: 11 } as const;

export const DEFAULT_TIMEZONE = 'Asia/Singapore';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** Severity colours 1..4: light blue, orange, red, dark red. */
export const SEVERITY_COLORS: Record<1 | 2 | 3 | 4, string> = {
  1: '#4fc3f7',
  2: '#fb8c00',
  3: '#e53935',
  4: '#8b0000',
};

export const SESSION = {
  /** Default idle expiry (the configured session age), in ms. */
  idleMs: 30 * 60_000,
  /** Absolute expiry, in ms. */
  absoluteMs: 12 * 60 * 60_000,
} as const;

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Report types (second spec §3): codes and categories. */
export const REPORT_TYPES = [
  { id: 1, code: 'geosum', name: 'Geotechnical Summary', category: 'GEO' },
  { id: 2, code: 'geostatus', name: 'Geotechnical Status', category: 'GEO' },
  { id: 3, code: 'geoblank', name: 'Geotechnical Blank Form', category: 'GEO' },
  { id: 4, code: 'reading', name: 'Instrument Reading Report', category: 'IMR' },
  { id: 5, code: 'breach', name: 'Breach Report', category: 'IMR' },
  { id: 6, code: 'imc-status-instrument', name: 'Instrument Status', category: 'IMC' },
  { id: 7, code: 'imc-quality-audit', name: 'Quality Audit', category: 'IMC' },
  { id: 8, code: 'imc-summary-report', name: 'Summary Report', category: 'IMC' },
  { id: 9, code: 'map', name: 'Map Report', category: 'MAP' },
] as const;
