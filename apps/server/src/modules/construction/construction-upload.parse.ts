/**
 * The row checks of the construction uploads (issue 19, decision 038): an MC excavation activity file (`level`,
 * `strut`, `anchor`, `design` rows) or a mined tunnel file (`shift`, `sequence` rows), each row's `record` deciding its
 * columns (EXCAVATION_UPLOAD_COLUMNS / TUNNEL_UPLOAD_COLUMNS). Pure: the sites of the upload's contract, the uploader's
 * permissions, the platform time zone and the clock come in; the parsed rows that pass every check and the per-row
 * findings ({ row, field, message }) go out. Nothing here touches the database.
 */
import {
  CONSTRUCTION_UPLOAD_TASKS,
  EXCAVATION_RECORDS,
  FACE_PARTS,
  PERMISSIONS,
  SITE_LIMITS,
  TUNNEL_RECORDS,
  TUNNEL_SHIFTS,
  UPLOAD_REPORT_CAP,
  chainageRange,
  isSafeText,
  type PermissionCode,
  type TExcavationRecord,
  type TFacePart,
  type TSiteStage,
  type TTunnelRecord,
  type TTunnelShift,
} from '@strata/shared';
import type { SheetRow } from '../../lib/sheet-file.js';
import { wallToEpoch, zoneOffsetMs } from '../../lib/zoned-time.js';

export type ConstructionUploadType = 'excavation' | 'tunnel';
export const CONSTRUCTION_UPLOAD_TYPES = ['excavation', 'tunnel'] as const satisfies readonly ConstructionUploadType[];

/** A site of the upload's contract, as the checks need it. */
export interface SiteRef {
  siteId: number;
  siteName: string;
  type: 'E' | 'MT';
  stages: TSiteStage[];
  geometry: unknown;
  chainageStart: number | null;
  designValues: Record<string, unknown>;
}

interface RowBase {
  /** The row number in the file (the header is row 1). */
  row: number;
  siteId: number;
}
export interface LevelRow extends RowBase {
  kind: 'level';
  date: string;
  zone: string;
  stageNo: number | null;
  level: number;
  remarks: string;
}
export interface SupportRow extends RowBase {
  kind: 'strut' | 'anchor';
  label: string;
  zone: string;
  stageNo: number | null;
  level: number;
  /** ISO date-time, UTC. */
  installedAt: string;
  remarks: string;
}
export interface DesignRow extends RowBase {
  kind: 'design';
  stageNo: number;
  wallDeflection: number | null;
  strutForce: number | null;
  settlement: number | null;
  remarks: string;
}
export interface ShiftRow extends RowBase {
  kind: 'shift';
  date: string;
  shift: TTunnelShift;
  facePart: TFacePart;
  chainage: number;
  rockBolts: number | null;
  shotcrete: number | null;
  latticeGirders: number | null;
  geologyClass: string;
  remarks: string;
}
export interface SequenceRow extends RowBase {
  kind: 'sequence';
  stage: TSiteStage;
}
export type ConstructionRow = LevelRow | SupportRow | DesignRow | ShiftRow | SequenceRow;
export type ConstructionKind = ConstructionRow['kind'];

export interface CheckContext {
  type: ConstructionUploadType;
  /** The sites of the upload's contract by lower-cased name. */
  sites: ReadonlyMap<string, SiteRef>;
  /** The uploader's permission codes. */
  permissions: ReadonlySet<string>;
  timezone: string;
  /** Epoch ms. */
  now: number;
}

export interface CheckResult {
  /** The rows that passed every check, in file order. */
  rows: ConstructionRow[];
  /** The findings (the first UPLOAD_REPORT_CAP). */
  errors: { row: number; field: string; message: string }[];
  errorsTotal: number;
  rowsTotal: number;
  rowsValid: number;
}

/** The columns a file must have (the others may be left out when no row of the file needs them). */
export const REQUIRED_COLUMNS: Record<ConstructionUploadType, readonly string[]> = { excavation: ['site', 'record'], tunnel: ['drive', 'record'] };

export const TEXT_LIMITS = { zone: 100, label: 100, geologyClass: 50, remarks: 2000 } as const;

export const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DMY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Text of the file shown back in a message: cut, and never unsafe text. */
export const shown = (text: string) => (isSafeText(text) ? (text.length > 60 ? `${text.slice(0, 60)}…` : text) : '(text refused: it holds unsafe characters)');

/**
 * A row's number cells: empty is null (a finding when required); otherwise a finite number, whole and at least `min`
 * when asked, or a finding on the column and null. Every upload type of this module reads its numbers this way.
 */
export function numberReader(cell: (name: string) => string, fail: (field: string, message: string) => void) {
  return (name: string, required: boolean, opts: { integer?: boolean; min?: number } = {}): number | null => {
    const v = cell(name);
    if (v === '') {
      if (required) fail(name, `${name} is required`);
      return null;
    }
    const n = NUMBER.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n)) {
      fail(name, `${name} must be a number (got ${shown(v)})`);
      return null;
    }
    if (opts.integer && !Number.isInteger(n)) {
      fail(name, `${name} must be a whole number (got ${shown(v)})`);
      return null;
    }
    if (opts.min !== undefined && n < opts.min) {
      fail(name, `${name} must be ${opts.min} or more (got ${shown(v)})`);
      return null;
    }
    return n;
  };
}
const fmt = (n: number) => String(Number(n.toFixed(3)));
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD or DD/MM/YYYY -> 'YYYY-MM-DD'; undefined when not a real date. */
export function parseDate(text: string): string | undefined {
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(text);
  const dmy = iso ? null : DMY_DATE.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [y, m, d] = [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])];
  else return undefined;
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return undefined;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** HH:mm[:ss] -> seconds into the day; undefined when unreadable. */
export function parseTime(text: string): number | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  return h * 3600 + mi * 60 + s;
}

/** Today's date in the time zone, 'YYYY-MM-DD'. */
export function todayIn(tz: string, now: number): string {
  return new Date(now + zoneOffsetMs(tz, now)).toISOString().slice(0, 10);
}

const label = (code: PermissionCode) => PERMISSIONS.find((p) => p.code === code)?.label ?? code;

/** The tasks a row kind needs, every one of them (CONSTRUCTION_UPLOAD_TASKS; level, strut and anchor: `upload`). */
export function tasksOfKind(kind: ConstructionKind): readonly PermissionCode[] {
  switch (kind) {
    case 'design':
      return CONSTRUCTION_UPLOAD_TASKS.excavation.design;
    case 'shift':
      return CONSTRUCTION_UPLOAD_TASKS.tunnel.shift;
    case 'sequence':
      return CONSTRUCTION_UPLOAD_TASKS.tunnel.sequence;
    default:
      return CONSTRUCTION_UPLOAD_TASKS.excavation.upload;
  }
}

/** Who may upload a file of the type at all: any task of its lists. */
export function uploadTasksOf(type: ConstructionUploadType): PermissionCode[] {
  return [...new Set(Object.values(CONSTRUCTION_UPLOAD_TASKS[type]).flat())];
}

/** The lowest level the site may be excavated to (mRL): the lowest stage target, or `formation_level_mRL` when lower. */
export function finalFormationLevel(site: Pick<SiteRef, 'stages' | 'designValues'>): number | null {
  const levels = site.stages.map((s) => s.target).filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  const fl = site.designValues['formation_level_mRL'];
  if (typeof fl === 'number' && Number.isFinite(fl)) levels.push(fl);
  return levels.length > 0 ? Math.min(...levels) : null;
}

/** The chainages a drive's alignment covers, or null without a LineString. */
export function alignmentOf(site: Pick<SiteRef, 'geometry' | 'chainageStart'>): [number, number] | null {
  const g = site.geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || g.type !== 'LineString' || !Array.isArray(g.coordinates) || g.coordinates.length < 2) return null;
  return chainageRange(g.coordinates as number[][], site.chainageStart ?? 0);
}

const SITE_WORD = { E: 'an excavation site', MT: 'a mined tunnel' } as const;

/**
 * Checks the rows of a file of `ctx.type`: every finding of a row is reported (row number and field), and a row with
 * any finding is left out of `rows`. Checks across rows (dates going back, duplicate keys, a face part ahead of the
 * one before it) compare with the rows before that passed.
 */
export function checkConstructionRows(input: readonly SheetRow[], ctx: CheckContext): CheckResult {
  const errors: CheckResult['errors'] = [];
  let errorsTotal = 0;
  const today = todayIn(ctx.timezone, ctx.now);
  const siteType = ctx.type === 'excavation' ? 'E' : 'MT';
  const siteColumn = ctx.type === 'excavation' ? 'site' : 'drive';
  const kinds: readonly string[] = ctx.type === 'excavation' ? EXCAVATION_RECORDS : TUNNEL_RECORDS;

  /** Per row: the key of a unique row and the first row holding it. */
  const keys = new Map<string, number>();
  /** Latest date (and shift) per site+zone (levels) or drive+face part (shifts), with its row. */
  const latest = new Map<string, { at: string; row: number }>();
  /** New stage numbers per site (sequence rows), to keep within the stage limit. */
  const newSteps = new Map<number, Set<number>>();
  const out: ConstructionRow[] = [];

  for (const { row, cells } of input) {
    let ok = true;
    const fail = (field: string, message: string) => {
      ok = false;
      errorsTotal++;
      if (errors.length < UPLOAD_REPORT_CAP) errors.push({ row, field, message });
    };
    const cell = (name: string) => cells[name] ?? '';
    const text = (name: string, max: number): string => {
      const v = cell(name);
      if (v.length > max) fail(name, `${name} must be at most ${max} characters`);
      else if (!isSafeText(v)) fail(name, `${name} holds characters that are not allowed (markup or control characters)`);
      return v;
    };
    const number = numberReader(cell, fail);
    const date = (name: string, required: boolean, notFuture: boolean): string | null => {
      const v = cell(name);
      if (v === '') {
        if (required) fail(name, `${name} is required (YYYY-MM-DD or DD/MM/YYYY)`);
        return null;
      }
      const d = parseDate(v);
      if (!d) {
        fail(name, `${name} must be a date, YYYY-MM-DD or DD/MM/YYYY (got ${shown(v)})`);
        return null;
      }
      if (notFuture && d > today) {
        fail(name, `The date ${d} is in the future`);
        return null;
      }
      return d;
    };

    // The record kind, and whether the uploader may upload it.
    const recordText = cell('record').toLowerCase();
    const kind = kinds.includes(recordText) ? (recordText as TExcavationRecord | TTunnelRecord) : undefined;
    if (recordText === '') fail('record', `record is required (${kinds.join(', ')})`);
    else if (!kind) fail('record', `Unknown record kind ${shown(cell('record'))}: one of ${kinds.join(', ')}`);
    else {
      const missing = tasksOfKind(kind).filter((t) => !ctx.permissions.has(t));
      if (missing.length > 0) fail('record', `You may not upload ${kind} rows: they need ${missing.map(label).join(' and ')}`);
    }

    // The site (drive) by name in the upload's contract.
    const name = cell(siteColumn);
    let site: SiteRef | undefined;
    if (name === '') fail(siteColumn, `${siteColumn} is required`);
    else {
      site = ctx.sites.get(name.toLowerCase());
      if (!site) fail(siteColumn, `No ${ctx.type === 'excavation' ? 'excavation site' : 'mined tunnel'} named ${shown(name)} in the contract of the upload`);
      else if (site.type !== siteType) {
        fail(siteColumn, `${site.siteName} is ${SITE_WORD[site.type]}, not ${SITE_WORD[siteType]}`);
        site = undefined;
      }
    }
    const stageOf = (field: string, required: boolean): number | null => {
      const n = number(field, required, { integer: true, min: 0 });
      if (n !== null && site && !site.stages.some((s) => s.stage_no === n)) {
        fail(field, `${site.siteName} has no stage ${n}${site.stages.length ? ` (its stages: ${site.stages.map((s) => s.stage_no).join(', ')})` : ''}`);
        return null;
      }
      return n;
    };
    const levelOf = (): number | null => {
      const level = number('level_mrl', true);
      const floor = site ? finalFormationLevel(site) : null;
      if (level !== null && site && floor !== null && level < floor - 0.0005) {
        fail('level_mrl', `Level ${fmt(level)} mRL is below the final formation level of ${site.siteName} (${fmt(floor)} mRL)`);
        return null;
      }
      return level;
    };
    const chainageOf = (field: string): number | null => {
      const ch = number(field, true);
      const range = site ? alignmentOf(site) : null;
      if (ch !== null && site && range && (ch < range[0] - 0.001 || ch > range[1] + 0.001)) {
        fail(field, `Chainage ${fmt(ch)} is outside the alignment of ${site.siteName} (CH ${fmt(range[0])} to CH ${fmt(range[1])})`);
        return null;
      }
      return ch;
    };
    /** A duplicate of an earlier row's key is a finding; the first holder keeps it. */
    const unique = (key: string, what: string, field: string) => {
      const first = keys.get(key);
      if (first !== undefined) fail(field, `The same ${what} as row ${first}`);
      else keys.set(key, row);
    };
    /** Dates (and shifts) must not go back within the file per `key`. */
    const inOrder = (key: string, at: string, what: string) => {
      const before = latest.get(key);
      if (before && at < before.at) fail('date', `The date goes back: row ${before.row} has a later date for ${what}`);
      return () => latest.set(key, { at, row });
    };

    const remarks = text('remarks', TEXT_LIMITS.remarks);
    let parsed: ConstructionRow | undefined;
    if (kind === 'level') {
      const d = date('date', true, true);
      const zone = text('zone', TEXT_LIMITS.zone);
      const stageNo = stageOf('stage', false);
      const level = levelOf();
      if (ok && site && d && level !== null) {
        unique(`level|${site.siteId}|${d}|${zone}`, `site, date and zone`, 'date');
        const mark = inOrder(`level|${site.siteId}|${zone}`, d, zone ? `zone ${zone}` : 'the site');
        if (ok) mark();
        parsed = { kind, row, siteId: site.siteId, date: d, zone, stageNo, level, remarks };
      }
    } else if (kind === 'strut' || kind === 'anchor') {
      const d = date('date', true, false);
      const timeText = cell('time');
      const secs = timeText === '' ? undefined : parseTime(timeText);
      if (timeText === '') fail('time', 'time is required (HH:mm or HH:mm:ss)');
      else if (secs === undefined) fail('time', `time must be HH:mm or HH:mm:ss (got ${shown(timeText)})`);
      const labelText = text('label', TEXT_LIMITS.label);
      if (cell('label') === '') fail('label', `label is required (the ${kind}'s name, unique in the site)`);
      const zone = text('zone', TEXT_LIMITS.zone);
      const stageNo = stageOf('stage', false);
      const level = levelOf();
      let installedAt: number | undefined;
      if (d && secs !== undefined) {
        const [y, m, day] = d.split('-').map(Number) as [number, number, number];
        installedAt = wallToEpoch(Date.UTC(y, m - 1, day) + secs * 1000, ctx.timezone);
        if (installedAt > ctx.now) fail('time', `The installation time ${d} ${timeText} is in the future`);
      }
      if (ok && site && installedAt !== undefined && level !== null) {
        unique(`support|${site.siteId}|${labelText.toLowerCase()}`, 'label in the site (struts and anchors share labels)', 'label');
        parsed = { kind, row, siteId: site.siteId, label: labelText, zone, stageNo, level, installedAt: new Date(installedAt).toISOString(), remarks };
      }
    } else if (kind === 'design') {
      const stageNo = stageOf('stage', true);
      const wallDeflection = number('wall_deflection_mm', false);
      const strutForce = number('strut_force_kn', false);
      const settlement = number('settlement_mm', false);
      if (cell('wall_deflection_mm') === '' && cell('strut_force_kn') === '' && cell('settlement_mm') === '')
        fail('wall_deflection_mm', 'A design row needs at least one of wall_deflection_mm, strut_force_kn, settlement_mm');
      if (ok && site && stageNo !== null) {
        unique(`design|${site.siteId}|${stageNo}`, 'site and stage', 'stage');
        parsed = { kind, row, siteId: site.siteId, stageNo, wallDeflection, strutForce, settlement, remarks };
      }
    } else if (kind === 'shift') {
      const d = date('date', true, true);
      const shiftText = cell('shift').toLowerCase();
      const shift = (TUNNEL_SHIFTS as readonly string[]).includes(shiftText) ? (shiftText as TTunnelShift) : undefined;
      if (shiftText === '') fail('shift', `shift is required (${TUNNEL_SHIFTS.join(' or ')})`);
      else if (!shift) fail('shift', `shift must be ${TUNNEL_SHIFTS.join(' or ')} (got ${shown(cell('shift'))})`);
      const partText = cell('face_part')
        .toLowerCase()
        .replace(/[\s-]+/g, '_');
      const facePart = (FACE_PARTS as readonly string[]).includes(partText) ? (partText as TFacePart) : undefined;
      if (partText === '') fail('face_part', `face_part is required (${FACE_PARTS.join(', ')})`);
      else if (!facePart) fail('face_part', `face_part must be one of ${FACE_PARTS.join(', ')} (got ${shown(cell('face_part'))})`);
      const chainage = chainageOf('chainage');
      const rockBolts = number('rock_bolts', false, { integer: true, min: 0 });
      const shotcrete = number('shotcrete_mm', false, { min: 0 });
      const latticeGirders = number('lattice_girders', false, { integer: true, min: 0 });
      const geologyClass = text('geology_class', TEXT_LIMITS.geologyClass);
      if (ok && site && d && shift && facePart && chainage !== null) {
        unique(`shift|${site.siteId}|${d}|${shift}|${facePart}`, 'drive, date, shift and face part', 'face_part');
        const mark = inOrder(`shift|${site.siteId}|${facePart}`, `${d}|${TUNNEL_SHIFTS.indexOf(shift)}`, `the ${facePart.replace('_', ' ')}`);
        if (ok) mark();
        parsed = { kind, row, siteId: site.siteId, date: d, shift, facePart, chainage, rockBolts, shotcrete, latticeGirders, geologyClass, remarks };
      }
    } else if (kind === 'sequence') {
      const step = number('step', true, { integer: true, min: 0 });
      if (step !== null && step > 1000) fail('step', `step must be at most 1000 (got ${step})`);
      const stepName = text('name', SITE_LIMITS.name);
      if (cell('name') === '') fail('name', 'name is required (the step as the drive sequence names it)');
      const target = chainageOf('target_chainage');
      const start = date('planned_start', false, false);
      const end = date('planned_end', false, false);
      if (start && end && end < start) fail('planned_end', `planned_end ${end} is before planned_start ${start}`);
      if (remarks.length > SITE_LIMITS.description) fail('remarks', `remarks must be at most ${SITE_LIMITS.description} characters for a sequence step`);
      if (ok && site && step !== null) {
        unique(`sequence|${site.siteId}|${step}`, 'drive and step', 'step');
        const added = newSteps.get(site.siteId) ?? new Set<number>();
        if (!site.stages.some((s) => s.stage_no === step)) added.add(step);
        if (site.stages.length + added.size > SITE_LIMITS.stages) fail('step', `A drive has at most ${SITE_LIMITS.stages} sequence steps`);
        else newSteps.set(site.siteId, added);
        parsed = {
          kind,
          row,
          siteId: site.siteId,
          stage: { stage_no: step, name: stepName, description: remarks, target, planned_start: start, planned_end: end },
        };
      }
    }
    if (ok && parsed) out.push(parsed);
  }

  // A later face part must not be ahead of the one before it on the same drive, date and shift.
  const faces = new Map<string, ShiftRow[]>();
  for (const r of out) if (r.kind === 'shift') faces.set(`${r.siteId}|${r.date}|${r.shift}`, [...(faces.get(`${r.siteId}|${r.date}|${r.shift}`) ?? []), r]);
  const ahead = new Set<number>();
  for (const group of faces.values()) {
    const byPart = [...group].sort((a, b) => FACE_PARTS.indexOf(a.facePart) - FACE_PARTS.indexOf(b.facePart));
    for (let i = 1; i < byPart.length; i++) {
      const before = byPart[i - 1]!;
      const r = byPart[i]!;
      if (r.chainage > before.chainage + 0.001) {
        errorsTotal++;
        if (errors.length < UPLOAD_REPORT_CAP)
          errors.push({
            row: r.row,
            field: 'face_part',
            message: `The ${r.facePart.replace('_', ' ')} (CH ${fmt(r.chainage)}) is ahead of the ${before.facePart.replace('_', ' ')} (CH ${fmt(before.chainage)}, row ${before.row}) on ${r.date}, ${r.shift} shift`,
          });
        ahead.add(r.row);
      }
    }
  }
  const rows = ahead.size > 0 ? out.filter((r) => !ahead.has(r.row)) : out;
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors, errorsTotal, rowsTotal: input.length, rowsValid: rows.length };
}
