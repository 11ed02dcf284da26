import {
  CONSTRUCTION_HISTORY_TASK,
  CONSTRUCTION_UPLOAD_TASKS,
  type EXCAVATION_RECORDS,
  EXCAVATION_UPLOAD_COLUMNS,
  type TUNNEL_RECORDS,
  TUNNEL_UPLOAD_COLUMNS,
  type PermissionCode,
} from '@strata/shared';

/** The construction activity upload types (decision 038): MC excavation activity and mined tunnel. */
export const CONSTRUCTION_UPLOAD_TYPES = ['excavation', 'tunnel'] as const;
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
  /** The file's columns in template order. */
  columns: readonly string[];
  kinds: readonly RecordKind<string>[];
  /** Any of these may upload a file of the type (each row kind then needs its own tasks). */
  uploadTasks: readonly PermissionCode[];
  historyTask: PermissionCode;
  /** The work-space list a loaded upload leads to. */
  listPath: string;
}

const unique = (codes: readonly PermissionCode[]) => [...new Set(codes)];

export const CONSTRUCTION_UPLOADS: Record<ConstructionUploadType, ConstructionUploadSpec> = {
  excavation: {
    type: 'excavation',
    columns: EXCAVATION_UPLOAD_COLUMNS,
    kinds: EXCAVATION_KINDS,
    uploadTasks: unique(Object.values(CONSTRUCTION_UPLOAD_TASKS.excavation).flat()),
    historyTask: CONSTRUCTION_HISTORY_TASK,
    listPath: '/dashboard/search/excavation/list',
  },
  tunnel: {
    type: 'tunnel',
    columns: TUNNEL_UPLOAD_COLUMNS,
    kinds: TUNNEL_KINDS,
    uploadTasks: unique(Object.values(CONSTRUCTION_UPLOAD_TASKS.tunnel).flat()),
    historyTask: CONSTRUCTION_HISTORY_TASK,
    listPath: '/dashboard/search/tunnel/list',
  },
};

/** `GET /uploads/templates/{type}?format=`: the template of a type. */
export const templatePath = (type: ConstructionUploadType, format: 'csv' | 'xlsx') => `/uploads/templates/${type}?format=${format}`;
