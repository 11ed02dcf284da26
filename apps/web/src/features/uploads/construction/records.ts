import {
  CONSTRUCTION_HISTORY_TASK,
  CONSTRUCTION_UPLOAD_TASKS,
  DESIGN_VALUE_TASKS,
  type EXCAVATION_RECORDS,
  EXCAVATION_UPLOAD_COLUMNS,
  INSTRUMENT_PLAN_TASKS,
  INSTRUMENT_PLAN_UPLOAD_COLUMNS,
  QPD_UPLOAD_COLUMNS,
  type TUNNEL_RECORDS,
  TUNNEL_UPLOAD_COLUMNS,
  type PermissionCode,
} from '@strata/shared';

/**
 * The row-checked sheet upload types of issue 19 that share one page (`sheet-uploads-page.tsx`): MC excavation
 * activity and mined tunnel (decision 038), QP(D) design values and instrument plans (schemas/design-values.ts).
 */
export const CONSTRUCTION_UPLOAD_TYPES = ['excavation', 'tunnel', 'qpd', 'instrument-plan'] as const;
export type ConstructionUploadType = (typeof CONSTRUCTION_UPLOAD_TYPES)[number];

export type ExcavationColumn = (typeof EXCAVATION_UPLOAD_COLUMNS)[number];
export type TunnelColumn = (typeof TUNNEL_UPLOAD_COLUMNS)[number];

/** One row kind of a file (the `record` column's value): the columns it needs, those it may have, what it needs to upload. */
export interface RecordKind<C extends string> {
  record: string;
  required: readonly C[];
  optional: readonly C[];
  /** At least one of these (design rows: a design value). */
  oneOf?: readonly C[];
  /** The uploader needs one of these (CONSTRUCTION_UPLOAD_TASKS). */
  tasks: readonly PermissionCode[];
}

/** The row kinds of an MC excavation activity file, as the contract describes them (schemas/construction.ts). */
export const EXCAVATION_KINDS: readonly RecordKind<ExcavationColumn>[] = [
  {
    record: 'level',
    required: ['site', 'record', 'date', 'level_mrl'],
    optional: ['zone', 'stage', 'remarks'],
    tasks: CONSTRUCTION_UPLOAD_TASKS.excavation.upload,
  },
  {
    record: 'strut',
    required: ['site', 'record', 'date', 'time', 'level_mrl', 'label'],
    optional: ['zone', 'stage', 'remarks'],
    tasks: CONSTRUCTION_UPLOAD_TASKS.excavation.upload,
  },
  {
    record: 'anchor',
    required: ['site', 'record', 'date', 'time', 'level_mrl', 'label'],
    optional: ['zone', 'stage', 'remarks'],
    tasks: CONSTRUCTION_UPLOAD_TASKS.excavation.upload,
  },
  {
    record: 'design',
    required: ['site', 'record', 'stage'],
    optional: ['remarks'],
    oneOf: ['wall_deflection_mm', 'strut_force_kn', 'settlement_mm'],
    tasks: CONSTRUCTION_UPLOAD_TASKS.excavation.design,
  },
] satisfies readonly (RecordKind<ExcavationColumn> & { record: (typeof EXCAVATION_RECORDS)[number] })[];

/** The row kinds of a mined tunnel file. */
export const TUNNEL_KINDS: readonly RecordKind<TunnelColumn>[] = [
  {
    record: 'shift',
    required: ['drive', 'record', 'date', 'shift', 'face_part', 'chainage'],
    optional: ['rock_bolts', 'shotcrete_mm', 'lattice_girders', 'geology_class', 'remarks'],
    tasks: CONSTRUCTION_UPLOAD_TASKS.tunnel.shift,
  },
  {
    record: 'sequence',
    required: ['drive', 'record', 'step', 'name', 'target_chainage'],
    optional: ['planned_start', 'planned_end', 'remarks'],
    tasks: CONSTRUCTION_UPLOAD_TASKS.tunnel.sequence,
  },
] satisfies readonly (RecordKind<TunnelColumn> & { record: (typeof TUNNEL_RECORDS)[number] })[];

export interface ConstructionUploadSpec {
  type: ConstructionUploadType;
  /** The type's name in the `constructionUploads` texts (route, dialog, history, format …). */
  key: 'excavation' | 'tunnel' | 'qpd' | 'instrumentPlan';
  /** The file's columns in template order. */
  columns: readonly string[];
  /** The row kinds of a file with a `record` column; empty: one kind of row, `required` and `optional` below. */
  kinds: readonly RecordKind<string>[];
  /** A file without row kinds: the columns every row needs, and those it may have. */
  required?: readonly string[];
  optional?: readonly string[];
  /** Where the columns' meanings are (`constructionUploads.<columnTexts>.<column>`). */
  columnTexts: 'column' | 'qpdColumn' | 'planColumn';
  /** Any of these may upload a file of the type (each row kind then needs its own tasks). */
  uploadTasks: readonly PermissionCode[];
  historyTask: PermissionCode;
  /** The list a loaded upload leads to. */
  listPath: string;
}

/** The columns every QP(D) row needs (depth too for types read at depths: the column's text says so). */
const QPD_REQUIRED = ['instrument', 'reading_code', 'site', 'stage', 'value'] as const satisfies readonly (typeof QPD_UPLOAD_COLUMNS)[number][];
/** The columns every instrument plan row needs. */
const PLAN_REQUIRED = ['name', 'type'] as const satisfies readonly (typeof INSTRUMENT_PLAN_UPLOAD_COLUMNS)[number][];

const unique = (codes: readonly PermissionCode[]) => [...new Set(codes)];

export const CONSTRUCTION_UPLOADS: Record<ConstructionUploadType, ConstructionUploadSpec> = {
  excavation: {
    type: 'excavation',
    key: 'excavation',
    columns: EXCAVATION_UPLOAD_COLUMNS,
    kinds: EXCAVATION_KINDS,
    columnTexts: 'column',
    uploadTasks: unique(Object.values(CONSTRUCTION_UPLOAD_TASKS.excavation).flat()),
    historyTask: CONSTRUCTION_HISTORY_TASK,
    listPath: '/dashboard/search/excavation/list',
  },
  tunnel: {
    type: 'tunnel',
    key: 'tunnel',
    columns: TUNNEL_UPLOAD_COLUMNS,
    kinds: TUNNEL_KINDS,
    columnTexts: 'column',
    uploadTasks: unique(Object.values(CONSTRUCTION_UPLOAD_TASKS.tunnel).flat()),
    historyTask: CONSTRUCTION_HISTORY_TASK,
    listPath: '/dashboard/search/tunnel/list',
  },
  qpd: {
    type: 'qpd',
    key: 'qpd',
    columns: QPD_UPLOAD_COLUMNS,
    kinds: [],
    required: QPD_REQUIRED,
    optional: QPD_UPLOAD_COLUMNS.filter((column) => !(QPD_REQUIRED as readonly string[]).includes(column)),
    columnTexts: 'qpdColumn',
    uploadTasks: [DESIGN_VALUE_TASKS.upload],
    historyTask: DESIGN_VALUE_TASKS.history,
    // The predictions are drawn on the instruments' charts in the work space.
    listPath: '/dashboard/search/instrument/list',
  },
  'instrument-plan': {
    type: 'instrument-plan',
    key: 'instrumentPlan',
    columns: INSTRUMENT_PLAN_UPLOAD_COLUMNS,
    kinds: [],
    required: PLAN_REQUIRED,
    optional: INSTRUMENT_PLAN_UPLOAD_COLUMNS.filter((column) => !(PLAN_REQUIRED as readonly string[]).includes(column)),
    columnTexts: 'planColumn',
    uploadTasks: [INSTRUMENT_PLAN_TASKS.upload],
    historyTask: INSTRUMENT_PLAN_TASKS.history,
    // The plan against reality is on the upload page itself.
    listPath: '/upload/instrument-plan',
  },
};

/** `GET /uploads/templates/{type}?format=`: the template of a type. */
export const templatePath = (type: ConstructionUploadType, format: 'csv' | 'xlsx') => `/uploads/templates/${type}?format=${format}`;
