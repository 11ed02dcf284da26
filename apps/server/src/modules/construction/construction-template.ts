/**
 * The example files of the construction uploads (`GET /uploads/templates/excavation|tunnel?format=csv|xlsx`): the
 * header row of EXCAVATION_UPLOAD_COLUMNS / TUNNEL_UPLOAD_COLUMNS, then a few rows of each record kind, valid against
 * the demo sites "Marina South Station Box" (E; stages 1–5 down to 83.5 mRL) and "Gardens NATM Adit" (MT; CH 1200
 * at its first vertex — DEMO_ADIT_CHAINAGE_START — about 450 m long; steps 1–4). Dates are in the past and in order; times are text (HH:mm), so a
 * spreadsheet program keeps them as written.
 */
import { EXCAVATION_UPLOAD_COLUMNS, TUNNEL_UPLOAD_COLUMNS } from '@strata/shared';
import { writeSheet, type SheetCell, type SheetFormat } from '../../lib/sheet-file.js';
import type { ConstructionUploadType } from './construction-upload.parse.js';

export const TEMPLATE_SITES = { excavation: 'Marina South Station Box', tunnel: 'Gardens NATM Adit' } as const;

type Row<C extends readonly string[]> = Partial<Record<C[number], SheetCell>>;

const E = TEMPLATE_SITES.excavation;
const EXCAVATION_ROWS: Row<typeof EXCAVATION_UPLOAD_COLUMNS>[] = [
  { site: E, record: 'level', date: '2025-03-10', zone: 'North', stage: 2, level_mrl: 95.6, remarks: 'Excavation towards strut level 2' },
  { site: E, record: 'level', date: '2025-03-10', zone: 'South', stage: 2, level_mrl: 96.1 },
  { site: E, record: 'level', date: '2025-03-11', zone: 'North', stage: 2, level_mrl: 94.8 },
  { site: E, record: 'strut', date: '2025-03-12', time: '09:30', zone: 'North', stage: 2, level_mrl: 95.2, label: 'S2-N01', remarks: 'Preloaded to 1200 kN' },
  { site: E, record: 'strut', date: '2025-03-12', time: '14:15', zone: 'North', stage: 2, level_mrl: 95.2, label: 'S2-N02' },
  {
    site: E,
    record: 'anchor',
    date: '2025-03-13',
    time: '10:00',
    zone: 'South',
    stage: 2,
    level_mrl: 95.7,
    label: 'GA2-S01',
    remarks: 'Ground anchor, locked off',
  },
  { site: E, record: 'anchor', date: '2025-03-13', time: '11:45', zone: 'South', stage: 2, level_mrl: 95.7, label: 'GA2-S02' },
  { site: E, record: 'design', stage: 2, wall_deflection_mm: 18, strut_force_kn: 1450, settlement_mm: 9, remarks: 'QP(D) prediction, stage 2' },
  { site: E, record: 'design', stage: 3, wall_deflection_mm: 27, strut_force_kn: 1820, settlement_mm: 14 },
];

const T = TEMPLATE_SITES.tunnel;
const TUNNEL_ROWS: Row<typeof TUNNEL_UPLOAD_COLUMNS>[] = [
  { drive: T, record: 'sequence', step: 1, name: 'Drive CH 1200 to CH 1250', target_chainage: 1250, planned_start: '2025-06-01', planned_end: '2025-06-30' },
  {
    drive: T,
    record: 'sequence',
    step: 2,
    name: 'Drive CH 1250 to CH 1300',
    target_chainage: 1300,
    planned_start: '2025-07-01',
    planned_end: '2025-07-31',
    remarks: 'Top heading and bench',
  },
  {
    drive: T,
    record: 'shift',
    date: '2025-06-16',
    shift: 'day',
    face_part: 'top_heading',
    chainage: 1221.5,
    rock_bolts: 8,
    shotcrete_mm: 200,
    lattice_girders: 1,
    geology_class: 'II',
    remarks: 'Face mapped, dry',
  },
  { drive: T, record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'bench', chainage: 1215, rock_bolts: 4, shotcrete_mm: 150, geology_class: 'II' },
  {
    drive: T,
    record: 'shift',
    date: '2025-06-16',
    shift: 'night',
    face_part: 'top_heading',
    chainage: 1222.5,
    rock_bolts: 8,
    shotcrete_mm: 200,
    lattice_girders: 1,
    geology_class: 'III',
  },
  { drive: T, record: 'shift', date: '2025-06-16', shift: 'night', face_part: 'invert', chainage: 1209, shotcrete_mm: 250 },
];

/** The template of an upload type as CSV or XLSX (one sheet, header row first). */
export function constructionTemplate(type: ConstructionUploadType, format: SheetFormat): Promise<Buffer> {
  if (type === 'excavation') {
    return writeSheet(
      format,
      'Excavation activity',
      EXCAVATION_UPLOAD_COLUMNS,
      EXCAVATION_ROWS.map((r) => EXCAVATION_UPLOAD_COLUMNS.map((c) => r[c] ?? null)),
    );
  }
  return writeSheet(
    format,
    'Mined tunnel',
    TUNNEL_UPLOAD_COLUMNS,
    TUNNEL_ROWS.map((r) => TUNNEL_UPLOAD_COLUMNS.map((c) => r[c] ?? null)),
  );
}
